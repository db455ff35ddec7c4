// A real agent on a real port for the agent's tests, with a temp data dir; `stopAll` closes every
// agent and removes every directory (call it in afterEach).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { signConsoleToken, type ConsolePermission } from "../../protocol/console-token";
import type { ServerStatusView } from "../../protocol/node-api";
import { GameNodeAgent, type GameNodeAgentOptions } from "../game-node-agent";
import { BROKEN, ECHO, WITH_RUNTIME } from "./echo-template";

export const NODE_TOKEN = "test-node-token-0123456789abcdef0123456789";
export const SERVER_ID = "0b6f5c1e-9a8d-4c3b-8e2f-1a2b3c4d5e6f";
export const OTHER_ID = "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";

const agents: GameNodeAgent[] = [];
const dirs: string[] = [];

export interface TestAgent {
  agent: GameNodeAgent;
  port: number;
  base: string;
  dataDir: string;
  api(method: string, pathname: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

export async function tempDir(prefix = "rackfront-agent-"): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

export async function startAgent(options: Partial<GameNodeAgentOptions> = {}): Promise<TestAgent> {
  const dataDir = options.dataDir ?? (await tempDir());
  const agent = new GameNodeAgent({ nodeToken: NODE_TOKEN, templates: [ECHO, BROKEN, WITH_RUNTIME], port: 0, log: () => {}, ...options, dataDir });
  agents.push(agent);
  const { port } = await agent.start();
  const base = `http://127.0.0.1:${port}`;
  return {
    agent,
    port,
    base,
    dataDir,
    api: (method, pathname, body, headers = {}) =>
      fetch(base + pathname, {
        method,
        headers: { authorization: `Bearer ${NODE_TOKEN}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}

export async function stopAll(): Promise<void> {
  for (const agent of agents.splice(0)) await agent.close();
  // maxRetries: a game process that is still exiting can write a file between readdir and rmdir (ENOTEMPTY).
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

/** Polls `check` every 25 ms until it returns a value other than undefined; fails after `timeoutMs`. */
export async function waitUntil<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function status(node: TestAgent, id = SERVER_ID): Promise<ServerStatusView> {
  const res = await node.api("GET", `/api/servers/${id}`);
  if (res.status !== 200) throw new Error(`GET server answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as ServerStatusView;
}

export function waitForStatus(node: TestAgent, predicate: (view: ServerStatusView) => boolean, what: string, id = SERVER_ID): Promise<ServerStatusView> {
  return waitUntil(async () => {
    const view = await status(node, id);
    return predicate(view) ? view : undefined;
  }, what);
}

export const DEFINITION = { template: "echo", vars: {}, memoryMb: 256, diskMb: 64, port: 25_565, startAfterInstall: false };

/** PUT a server and wait until its install is done. */
export async function installed(node: TestAgent, definition: Record<string, unknown> = {}, id = SERVER_ID): Promise<ServerStatusView> {
  const res = await node.api("PUT", `/api/servers/${id}`, { ...DEFINITION, ...definition });
  if (res.status !== 200) throw new Error(`PUT answered ${res.status}: ${await res.text()}`);
  return waitForStatus(node, (view) => view.installState !== "installing", "the install to finish", id);
}

export function consoleToken(sid = SERVER_ID, perms: ConsolePermission[] = ["console.read", "console.write", "power"], expiresInSeconds = 600): string {
  return signConsoleToken(NODE_TOKEN, { sid, exp: Math.floor(Date.now() / 1000) + expiresInSeconds, perms });
}
