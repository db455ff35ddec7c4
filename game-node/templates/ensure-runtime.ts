// A template's runtime (docs/game-servers.md#runtimes): an npm package installed once per node into a
// cache folder of its own, outside the portal's bundle and node_modules, the first time a server needs
// it. Installs are all-or-nothing: npm works in a temp folder that is renamed into place only once the
// package is there, so a failed or interrupted install never leaves a half runtime that looks ready.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promises as fsp } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { GameTemplate } from "./template-types";

export type RuntimeLog = (line: string) => void;
type Runtime = NonNullable<GameTemplate["runtime"]>;

/** Written last into a finished runtime folder; its presence is what "installed" means. */
export const RUNTIME_MARKER = ".rackfront-runtime.json";
const INSTALL_TIMEOUT_MS = 30 * 60_000;
/** A lock older than this whose owner cannot be checked is taken over (an install never takes this long). */
const STALE_LOCK_MS = INSTALL_TIMEOUT_MS + 60_000;
const LOCK_POLL_MS = 500;

// npm's own name rule (scoped or not) and an exact version: both end up as npm arguments and a folder name.
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export function defaultRuntimeCacheDir(): string {
  return process.env.GAME_NODE_RUNTIME_DIR || path.join(os.homedir(), ".cache", "rackfront", "game-runtimes");
}

/** Where `runtime` lives (or will) under `cacheDir`: `<packageName>@<version>`, a scope's slash as `+`. */
export function runtimeDirFor(cacheDir: string, runtime: Runtime): string {
  if (!PACKAGE_NAME.test(runtime.packageName) || runtime.packageName.length > 214) {
    throw new Error(`Runtime package name ${JSON.stringify(runtime.packageName)} is not a valid npm name.`);
  }
  if (!EXACT_VERSION.test(runtime.version)) {
    throw new Error(`Runtime version ${JSON.stringify(runtime.version)} must be an exact version (pinned, no ranges).`);
  }
  return path.join(path.resolve(cacheDir), `${runtime.packageName.replace("/", "+")}@${runtime.version}`);
}

// One install per folder per process; the lock folder covers other processes (another node agent on
// the same cache).
const inFlight = new Map<string, Promise<string>>();

/**
 * Installs the template's runtime package if it is not in the cache yet and answers its folder (the
 * `--prefix`, so the package is at `<dir>/node_modules/<packageName>`); null when the template needs none.
 */
export async function ensureRuntime(
  template: Pick<GameTemplate, "runtime">,
  cacheDir: string = defaultRuntimeCacheDir(),
  log: RuntimeLog = () => {},
): Promise<string | null> {
  const runtime = template.runtime;
  if (!runtime) return null;
  const dir = runtimeDirFor(cacheDir, runtime);
  if (await isInstalled(dir)) return dir;
  let pending = inFlight.get(dir);
  if (!pending) {
    pending = installLocked(runtime, dir, log).finally(() => inFlight.delete(dir));
    inFlight.set(dir, pending);
  } else {
    log(`Waiting for the install of ${runtime.packageName}@${runtime.version} already under way`);
  }
  return pending;
}

async function isInstalled(dir: string): Promise<boolean> {
  try {
    await fsp.access(path.join(dir, RUNTIME_MARKER));
    return true;
  } catch {
    return false;
  }
}

async function installLocked(runtime: Runtime, dir: string, log: RuntimeLog): Promise<string> {
  await fsp.mkdir(path.dirname(dir), { recursive: true });
  const lock = `${dir}.lock`;
  if ((await acquireLock(lock, dir, log)) === "installed") return dir;
  try {
    // Another process may have finished while we waited for the lock.
    if (await isInstalled(dir)) return dir;
    // A folder without the marker was never renamed into place by us (for example copied by hand); replace it.
    await fsp.rm(dir, { recursive: true, force: true });
    await removeLeftoverTemps(dir);
    await install(runtime, dir, log);
    return dir;
  } finally {
    await fsp.rm(lock, { recursive: true, force: true });
  }
}

// A process killed mid-install leaves its temp folder; whoever holds the lock next removes it.
async function removeLeftoverTemps(dir: string): Promise<void> {
  const prefix = `.tmp-${path.basename(dir)}-`;
  for (const name of await fsp.readdir(path.dirname(dir))) {
    if (name.startsWith(prefix)) await fsp.rm(path.join(path.dirname(dir), name), { recursive: true, force: true });
  }
}

/** Takes the lock folder, or answers "installed" when another process finished the runtime meanwhile. */
async function acquireLock(lock: string, dir: string, log: RuntimeLog): Promise<"locked" | "installed"> {
  let announced = false;
  for (;;) {
    try {
      await fsp.mkdir(lock);
      await fsp.writeFile(path.join(lock, "owner"), JSON.stringify({ pid: process.pid, host: os.hostname(), at: Date.now() }));
      return "locked";
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (await isInstalled(dir)) return "installed";
    if (await lockIsStale(lock)) {
      log("Removing a stale runtime install lock left by a process that is gone");
      await fsp.rm(lock, { recursive: true, force: true });
      continue;
    }
    if (!announced) {
      log("Another process is installing this runtime; waiting for it");
      announced = true;
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

async function lockIsStale(lock: string): Promise<boolean> {
  let owner: { pid?: number; host?: string; at?: number };
  try {
    owner = JSON.parse(await fsp.readFile(path.join(lock, "owner"), "utf8"));
  } catch {
    // The owner file is written right after mkdir; give a fresh lock a moment before judging it.
    const st = await fsp.stat(lock).catch(() => null);
    return st !== null && Date.now() - st.mtimeMs > 60_000;
  }
  if (owner.host === os.hostname() && typeof owner.pid === "number") {
    try {
      process.kill(owner.pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ESRCH";
    }
  }
  return typeof owner.at !== "number" || Date.now() - owner.at > STALE_LOCK_MS;
}

async function install(runtime: Runtime, dir: string, log: RuntimeLog): Promise<void> {
  const spec = `${runtime.packageName}@${runtime.version}`;
  const temp = path.join(path.dirname(dir), `.tmp-${path.basename(dir)}-${randomBytes(6).toString("hex")}`);
  await fsp.mkdir(temp);
  try {
    // A package.json of its own keeps npm from treating a parent folder as the project.
    await fsp.writeFile(path.join(temp, "package.json"), JSON.stringify({ name: "rackfront-game-runtime", private: true }) + "\n");
    log(`Installing ${spec} (first use on this node; later servers reuse it)`);
    await runNpm(["install", "--prefix", temp, "--no-audit", "--no-fund", "--omit=dev", "--ignore-scripts", spec], log);
    const installed = JSON.parse(await fsp.readFile(path.join(temp, "node_modules", runtime.packageName, "package.json"), "utf8")) as { version?: string };
    if (installed.version !== runtime.version) {
      throw new Error(`npm installed ${runtime.packageName}@${installed.version}, not ${runtime.version}`);
    }
    await fsp.writeFile(path.join(temp, RUNTIME_MARKER), JSON.stringify({ package: runtime.packageName, version: runtime.version, installedAt: new Date().toISOString() }) + "\n");
    await fsp.rename(temp, dir);
    log(`Installed ${spec}`);
  } catch (error) {
    await fsp.rm(temp, { recursive: true, force: true });
    log(`Installing ${spec} failed: ${(error as Error).message}`);
    throw error;
  }
}

// npm needs the network settings and its own config, not the node's secrets (its token): pass those only.
function npmEnvironment(): NodeJS.ProcessEnv {
  const keep = /^(PATH|HOME|TMPDIR|LANG|LC_ALL|HTTPS?_PROXY|NO_PROXY|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|npm_config_.*)$/i;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => keep.test(key))) as NodeJS.ProcessEnv;
}

function runNpm(args: string[], log: RuntimeLog): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", args, { env: npmEnvironment(), stdio: ["ignore", "pipe", "pipe"] });
    const tail: string[] = [];
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split(/\r?\n/)) {
        if (!line.trim()) continue;
        log(line);
        tail.push(line);
        if (tail.length > 20) tail.shift();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    const timer = setTimeout(() => child.kill("SIGKILL"), INSTALL_TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`could not run npm: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm exited with ${signal ?? code}: ${tail.slice(-5).join(" / ")}`));
    });
  });
}
