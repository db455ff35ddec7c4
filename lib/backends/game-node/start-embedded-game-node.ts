import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { setEmbeddedGameNode } from "./embedded-game-node";

export interface EmbeddedGameNodeOptions {
  /** The repository root (where `game-node/main.ts` is). */
  root: string;
  /** The node's own data: servers' folders, records, SFTP host key. */
  dataDir: string;
  /** The node token (derived from the instance key, so it survives restarts without being stored). */
  token: string;
  /** The portal's public origin: the only origin the node's console websocket accepts. */
  allowedOrigin: string;
  /** Where players and SFTP clients reach this machine. */
  publicHost: string;
  log: (line: string) => void;
}

export interface EmbeddedGameNode {
  stop(): Promise<void>;
}

const LISTENING = /listening on (http:\/\/\S+)/;
const SFTP = /sftp on port (\d+)/i;
const MAX_BACKOFF_MS = 30_000;

/**
 * Starts the game node agent as a child process (docs/game-servers.md#embedded-node), the way a
 * supplier runs `npm run game-node` on a game host: its own process, so a game server that exhausts
 * memory or crashes the agent never takes the portal down. Ports are chosen by the kernel and read
 * from the agent's first lines; the endpoint is registered for nodes configured `{embedded: true}`.
 * When the agent dies it is started again (backoff up to 30 s); its servers come back with it.
 */
export function startEmbeddedGameNode(options: EmbeddedGameNodeOptions): Promise<EmbeddedGameNode> {
  let child: ChildProcess | null = null;
  let stopping = false;
  let backoffMs = 1_000;

  const launch = () =>
    new Promise<void>((resolve) => {
      const env: Record<string, string | undefined> = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        GAME_NODE_TOKEN: options.token,
        GAME_NODE_DATA_DIR: options.dataDir,
        GAME_NODE_HOST: "127.0.0.1",
        GAME_NODE_PORT: "0",
        GAME_NODE_SFTP_HOST: "0.0.0.0",
        GAME_NODE_SFTP_PORT: process.env.RACKFRONT_GAME_SFTP_PORT ?? "0",
        GAME_NODE_ALLOWED_ORIGINS: options.allowedOrigin,
        // The agent stops its servers and exits when this process's end of its stdin closes, however
        // this process ended (a SIGKILL or an out-of-memory kill runs no handler here).
        GAME_NODE_EXIT_WITH_PARENT: "1",
        ...(process.env.GAME_NODE_RUNTIME_DIR ? { GAME_NODE_RUNTIME_DIR: process.env.GAME_NODE_RUNTIME_DIR } : {}),
      };
      const proc = spawn(process.execPath, ["--import", "tsx", path.join(options.root, "game-node/main.ts")], { cwd: options.root, env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
      child = proc;
      let url: string | null = null;
      let sftpPort: number | null = null;
      let resolved = false;
      const ready = () => {
        if (resolved || !url || sftpPort === null) return;
        resolved = true;
        backoffMs = 1_000;
        setEmbeddedGameNode({ url, token: options.token, sftpHost: options.publicHost, sftpPort });
        options.log(`game node ready on ${url} (SFTP port ${sftpPort})`);
        resolve();
      };
      createInterface({ input: proc.stdout! }).on("line", (line) => {
        const listening = LISTENING.exec(line);
        if (listening) url = listening[1];
        const sftp = SFTP.exec(line);
        if (sftp) sftpPort = Number(sftp[1]);
        ready();
        if (!listening && !sftp) options.log(line);
      });
      createInterface({ input: proc.stderr! }).on("line", (line) => options.log(line));
      proc.on("exit", (code, signal) => {
        setEmbeddedGameNode(null);
        child = null;
        if (!resolved) {
          resolved = true;
          resolve();
        }
        if (stopping) return;
        options.log(`game node exited (${signal ?? code}); starting it again in ${backoffMs / 1000} s`);
        setTimeout(() => void launch(), backoffMs).unref();
        backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs * 2);
      });
    });

  return launch().then(() => ({
    stop: async () => {
      stopping = true;
      const proc = child;
      if (!proc) return;
      const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
      proc.kill("SIGTERM");
      const force = setTimeout(() => proc.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(force);
      setEmbeddedGameNode(null);
    },
  }));
}
