import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The Node flags `npm start` gives the server (package.json `scripts.start`, e.g. its heap cap), so
 * tests and benches run server.ts exactly as an installation does.
 */
export function startScriptNodeFlags(root = ROOT): string[] {
  const start = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  const words = start.trim().split(/\s+/);
  if (words[0] !== "node" || words.at(-1) !== "server.ts") throw new Error(`package.json start is not "node [flags] server.ts": ${start}`);
  const flags: string[] = [];
  for (let i = 1; i < words.length - 1; i++) {
    if (words[i] === "--import") i++; // the loader is added by startServer itself
    else flags.push(words[i]!);
  }
  return flags;
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Starts `npm start`'s entry point as a child process and waits until /healthz answers 200.
 * Node itself runs the server (tsx as a loader, no CLI wrapper), so signals — SIGKILL
 * included — reach the server process and not a wrapper that would leave it orphaned.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 600_000, script = "server.ts", nodeArgs: string[] = []): Promise<RunningServer> {
  const port = await freePort();
  let out = "";
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" };
  // vitest sets NODE_ENV=test and the instance key; the server must choose its own.
  delete childEnv.NODE_ENV;
  delete childEnv.RACKFRONT_INSTANCE_KEY;
  delete childEnv.AUTH_SECRET;
  // server.ts gets npm start's flags; caller flags come after them and win where they overlap.
  const flags = script === "server.ts" ? [...startScriptNodeFlags(), ...nodeArgs] : nodeArgs;
  const child = spawn(process.execPath, [...flags, "--import", "tsx", script], {
    cwd: ROOT,
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let early: number | null | undefined;
  void exited.then((c) => (early = c));
  for (;;) {
    if (early !== undefined) throw new Error(`server exited early (${early}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not ready in time:\n${out}`);
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, port, baseUrl, output: () => out, exited };
}
