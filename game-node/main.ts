// `npm run game-node`: the game node agent as a process (docs/game-servers.md#agent). Configuration
// comes from the environment only; the token is never logged and never reaches a game server.
import os from "node:os";
import path from "node:path";
import { GameNodeAgent } from "./agent/game-node-agent";
import { DEFAULT_NODE_API_PORT } from "./protocol/node-api";
import { builtInTemplates } from "./templates/built-in-templates";

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

const agent = new GameNodeAgent({
  dataDir: process.env.GAME_NODE_DATA_DIR ?? path.join(os.homedir(), ".local", "share", "rackfront", "game-node"),
  nodeToken,
  templates: builtInTemplates(),
  allowedOrigins: origins.length > 0 ? origins : undefined,
  host: process.env.GAME_NODE_HOST ?? "127.0.0.1",
  port,
});

const { port: listening } = await agent.start();
console.log(`game node: listening on http://${process.env.GAME_NODE_HOST ?? "127.0.0.1"}:${listening}`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`game node: ${signal}, stopping every server`);
  agent.close().then(
    () => process.exit(0),
    (error) => {
      console.error("game node: shutdown failed", error);
      process.exit(1);
    },
  );
};
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
