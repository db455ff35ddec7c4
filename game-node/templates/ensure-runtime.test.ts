import { spawn, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RUNTIME_MARKER, defaultRuntimeCacheDir, ensureRuntime, runtimeDirFor } from "./ensure-runtime";

// Real npm installs from the registry of a tiny package with no dependencies (is-number, one file).
const TINY = { runtime: { packageName: "is-number", version: "7.0.0" } };
const dirs: string[] = [];

afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function cacheDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "rackfront-runtimes-"));
  dirs.push(dir);
  return dir;
}

function collect(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => lines.push(line) };
}

const installs = (lines: string[]) => lines.filter((line) => line.startsWith("Installing is-number@7.0.0")).length;

async function installedVersion(dir: string): Promise<string> {
  return JSON.parse(await readFile(path.join(dir, "node_modules/is-number/package.json"), "utf8")).version;
}

describe("ensureRuntime", () => {
  it("installs once for concurrent callers, then answers from the cache", async () => {
    const cache = await cacheDir();
    const { lines, log } = collect();
    const [a, b] = await Promise.all([ensureRuntime(TINY, cache, log), ensureRuntime(TINY, cache, log)]);
    expect(a).toBe(path.join(cache, "is-number@7.0.0"));
    expect(b).toBe(a);
    expect(installs(lines)).toBe(1);
    expect(lines).toContain("Installed is-number@7.0.0");
    expect(await installedVersion(a!)).toBe("7.0.0");
    expect(JSON.parse(await readFile(path.join(a!, RUNTIME_MARKER), "utf8"))).toMatchObject({ package: "is-number", version: "7.0.0" });
    // Nothing beside the runtime: no lock, no temp folder.
    expect(await readdir(cache)).toEqual(["is-number@7.0.0"]);

    const later = collect();
    expect(await ensureRuntime(TINY, cache, later.log)).toBe(a);
    expect(later.lines).toEqual([]);
  });

  it("runs npm once when two processes install into the same cache at once", async () => {
    const cache = await cacheDir();
    const script = path.join(cache, "..", `rackfront-ensure-${process.pid}-${Date.now()}.mts`);
    dirs.push(script);
    await writeFile(
      script,
      `import { ensureRuntime } from ${JSON.stringify(path.resolve("game-node/templates/ensure-runtime.ts"))};
       const dir = await ensureRuntime(${JSON.stringify(TINY)}, ${JSON.stringify(cache)}, (line) => console.log("LOG " + line));
       console.log("DIR " + dir);`,
    );
    const child = spawn(path.resolve("node_modules/.bin/tsx"), [script], { stdio: ["ignore", "pipe", "inherit"] });
    let childOut = "";
    child.stdout.on("data", (chunk) => (childOut += chunk));
    const childDone = new Promise<number | null>((resolve) => child.on("close", resolve));

    // Join only once the child holds the lock, so the two installs really overlap.
    const lock = `${runtimeDirFor(cache, TINY.runtime)}.lock`;
    const deadline = Date.now() + 60_000;
    while (!(await stat(lock).catch(() => null))) {
      if (Date.now() > deadline) throw new Error(`the child never took the lock: ${childOut}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const { lines, log } = collect();
    const dir = await ensureRuntime(TINY, cache, log);
    expect(lines).toContain("Another process is installing this runtime; waiting for it");
    expect(await childDone).toBe(0);
    const childLines = childOut.split("\n").filter((l) => l.startsWith("LOG ")).map((l) => l.slice(4));
    expect(childOut).toContain(`DIR ${dir}`);
    expect(installs(childLines)).toBe(1);
    expect(installs(lines)).toBe(0);
    expect(await installedVersion(dir!)).toBe("7.0.0");
    expect(await readdir(cache)).toEqual(["is-number@7.0.0"]);
  });

  it("leaves nothing behind when npm fails", async () => {
    const cache = await cacheDir();
    const { lines, log } = collect();
    await expect(ensureRuntime({ runtime: { packageName: "is-number", version: "99.99.99" } }, cache, log)).rejects.toThrow(/npm exited/);
    expect(lines.some((line) => line.startsWith("Installing is-number@99.99.99 failed"))).toBe(true);
    expect(await readdir(cache)).toEqual([]);
  });

  it("takes over a lock whose process is gone and removes a crashed install's temp folder", async () => {
    const cache = await cacheDir();
    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    const deadPid = Number(dead.stdout.trim());
    const dir = runtimeDirFor(cache, TINY.runtime);
    await mkdir(`${dir}.lock`);
    await writeFile(path.join(`${dir}.lock`, "owner"), JSON.stringify({ pid: deadPid, host: os.hostname(), at: Date.now() }));
    await mkdir(path.join(cache, ".tmp-is-number@7.0.0-deadbeef0000/node_modules"), { recursive: true });
    // A folder without the marker (never finished) is replaced, not trusted.
    await mkdir(path.join(dir, "node_modules"), { recursive: true });

    const { lines, log } = collect();
    expect(await ensureRuntime(TINY, cache, log)).toBe(dir);
    expect(lines.some((line) => line.includes("stale"))).toBe(true);
    expect(await installedVersion(dir)).toBe("7.0.0");
    expect(await readdir(cache)).toEqual(["is-number@7.0.0"]);
  });

  it("refuses names and versions that are not exact npm ones, before running npm", async () => {
    const cache = await cacheDir();
    for (const runtime of [
      { packageName: "is-number", version: "^7.0.0" },
      { packageName: "is-number", version: "latest" },
      { packageName: "../evil", version: "1.0.0" },
      { packageName: "--registry=http://evil", version: "1.0.0" },
      { packageName: "Is-Number", version: "7.0.0" },
    ]) {
      await expect(ensureRuntime({ runtime }, cache), JSON.stringify(runtime)).rejects.toThrow(/not a valid npm name|exact version/);
    }
    expect(await readdir(cache)).toEqual([]);
  });

  it("answers null for a template without a runtime, and names scoped packages with +", async () => {
    expect(await ensureRuntime({ runtime: null }, "/nonexistent")).toBeNull();
    expect(runtimeDirFor("/c", { packageName: "@scope/pkg", version: "1.2.3-beta.1" })).toBe("/c/@scope+pkg@1.2.3-beta.1");
  });

  it("defaults to GAME_NODE_RUNTIME_DIR, else ~/.cache/rackfront/game-runtimes", () => {
    const saved = process.env.GAME_NODE_RUNTIME_DIR;
    try {
      process.env.GAME_NODE_RUNTIME_DIR = "/srv/runtimes";
      expect(defaultRuntimeCacheDir()).toBe("/srv/runtimes");
      delete process.env.GAME_NODE_RUNTIME_DIR;
      expect(defaultRuntimeCacheDir()).toBe(path.join(os.homedir(), ".cache/rackfront/game-runtimes"));
    } finally {
      if (saved === undefined) delete process.env.GAME_NODE_RUNTIME_DIR;
      else process.env.GAME_NODE_RUNTIME_DIR = saved;
    }
  });
});
