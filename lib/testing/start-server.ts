import { spawn, type ChildProcess } from "node:child_process";
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
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
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
