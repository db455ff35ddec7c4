// `npm run game-node`: the game node agent as a process (docs/game-servers.md#agent). Configuration
// comes from the environment only; the token is never logged and never reaches a game server.
import os from "node:os";
import path from "node:path";
import { GameNodeAgent } from "./agent/game-node-agent";
import { DEFAULT_NODE_API_PORT, DEFAULT_NODE_SFTP_PORT } from "./protocol/node-api";
import { startSftpServer } from "./sftp/sftp-server";
import { builtInTemplates } from "./templates/built-in-templates";
import { defaultRuntimeCacheDir, ensureRuntime } from "./templates/ensure-runtime";

function fail(message: string): never {
  console.error(`game node: ${message}`);
  process.exit(1);
}

const nodeToken = process.env.GAME_NODE_TOKEN ?? "";
if (nodeToken.length < 32) fail("GAME_NODE_TOKEN must be set to a secret of at least 32 characters.");
const port = Number(process.env.GAME_NODE_PORT ?? DEFAULT_NODE_API_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65_535) fail("GAME_NODE_PORT must be a port number.");
const origins = (process.env.GAME_NODE_ALLOWED_ORIGINS ?? "")
  .split(",")
  .map((origin) => origin.trim())
  .filter(Boolean);
for (const origin of origins) {
  if (!URL.canParse(origin)) fail(`GAME_NODE_ALLOWED_ORIGINS: ${origin} is not an origin such as https://panel.example.com.`);
}

const dataDir = process.env.GAME_NODE_DATA_DIR ?? path.join(os.homedir(), ".local", "share", "rackfront", "game-node");
const sftpPort = Number(process.env.GAME_NODE_SFTP_PORT ?? DEFAULT_NODE_SFTP_PORT);
if (!Number.isInteger(sftpPort) || sftpPort < 0 || sftpPort > 65_535) fail("GAME_NODE_SFTP_PORT must be a port number.");
const runtimeDir = process.env.GAME_NODE_RUNTIME_DIR ?? defaultRuntimeCacheDir();

const sftp = await startSftpServer({
  host: process.env.GAME_NODE_SFTP_HOST ?? "0.0.0.0",
  port: sftpPort,
  hostKeyPath: path.join(dataDir, "sftp-host-key"),
  authenticate: (username, password) => agent.authenticateSftp(username, password),
  rootFor: (serverId) => {
    const root = agent.serverRoot(serverId);
    // Authentication named this server a moment ago; it can only be gone if it was deleted since.
    if (!root) throw new Error(`server ${serverId} was removed`);
    return root;
  },
});
// SFTP first, so the agent reports the port it really got (GAME_NODE_SFTP_PORT=0 picks one). A login
// before the agent has loaded its servers finds none and is refused.
console.log(`game node: sftp on port ${sftp.port} (host key ${sftp.hostKeyFingerprint})`);

const agent = new GameNodeAgent({
  dataDir,
  ensureRuntime: (template, log) => ensureRuntime(template, runtimeDir, log),
  nodeToken,
  templates: builtInTemplates(),
  allowedOrigins: origins.length > 0 ? origins : undefined,
  host: process.env.GAME_NODE_HOST ?? "127.0.0.1",
  port,
  sftpPort: sftp.port,
});

const { port: listening } = await agent.start();
// The portal's embedded starter reads these two lines for the ports (lib/backends/game-node/start-embedded-game-node.ts).
console.log(`game node: listening on http://${process.env.GAME_NODE_HOST ?? "127.0.0.1"}:${listening}`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`game node: ${signal}, stopping every server`);
  Promise.all([sftp.close(), agent.close()]).then(
    () => process.exit(0),
    (error) => {
      console.error("game node: shutdown failed", error);
      process.exit(1);
    },
  );
};
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
// Started by the portal (lib/backends/game-node/start-embedded-game-node.ts): the portal holds our
// stdin open for as long as it lives, so end-of-file means it is gone and its servers must not outlive it.
if (process.env.GAME_NODE_EXIT_WITH_PARENT === "1") {
  process.stdin.on("end", () => stop("the portal that started this node has exited"));
  process.stdin.on("error", () => stop("the portal that started this node has exited"));
  process.stdin.resume();
}
