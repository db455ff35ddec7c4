import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

// Everything that goes into the production bundle. Tests, e2e specs and docs do not.
const INPUT_DIRS = ["app", "components", "lib", "public"];
const INPUT_FILES = ["next.config.mjs", "postcss.config.mjs", "tsconfig.json", "package-lock.json", "auth.ts", "proxy.ts", "instrumentation-client.ts", "prisma/schema.prisma"];
const SKIP = /(^|\/)(node_modules|\.next|generated)(\/|$)|\.test\.tsx?$/;

function* walk(root: string, dir: string): Generator<string> {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return;
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (SKIP.test(rel)) continue;
    if (entry.isDirectory()) yield* walk(root, rel);
    else if (entry.isFile()) yield rel;
  }
}

/** A fingerprint of the bundle's inputs; the build is stale when it differs from the stamp. */
export function bundleFingerprint(root: string): string {
  const files = [...INPUT_DIRS.flatMap((d) => [...walk(root, d)]), ...INPUT_FILES.filter((f) => existsSync(path.join(root, f)))].sort();
  const h = createHash("sha256");
  for (const f of files) {
    h.update(f).update("\0").update(readFileSync(path.join(root, f))).update("\0");
  }
  return h.digest("hex");
}

const stampPath = (root: string) => path.join(root, ".next", "rackfront-build.json");

export function buildIsStale(root: string): boolean {
  const stamp = stampPath(root);
  if (!existsSync(stamp) || !existsSync(path.join(root, ".next", "BUILD_ID"))) return true;
  try {
    const { fingerprint } = JSON.parse(readFileSync(stamp, "utf8")) as { fingerprint: string };
    return fingerprint !== bundleFingerprint(root);
  } catch {
    return true;
  }
}

const LOCK_STALE_MS = 30 * 60_000;

/**
 * One build at a time per checkout: `next build` refuses to run beside another one, so a second
 * process starting meanwhile (two servers, two server tests) waits for the first's build and then
 * finds the bundle fresh. The lock is a directory (mkdir is atomic); one older than 30 minutes is
 * left over from a killed build and is taken over.
 */
export async function withBuildLock<T>(root: string, log: (line: string) => void, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(root, ".next-build.lock");
  let told = false;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // removed meanwhile by its owner: try again
      }
      if (!told) log("another process is building the bundle; waiting for it…");
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Runs `next build` in a child process when the bundle is missing or its inputs changed. */
export async function buildIfStale(root: string, log: (line: string) => void): Promise<boolean> {
  if (!buildIsStale(root)) return false;
  return withBuildLock(root, log, () => buildNow(root, log));
}

async function buildNow(root: string, log: (line: string) => void): Promise<boolean> {
  // Another process may have built it while this one waited for the lock.
  if (!buildIsStale(root)) return false;
  const fingerprint = bundleFingerprint(root);
  log("building the production bundle (first start or sources changed; this takes a few minutes)…");
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build failed (exit ${code})`))));
  });
  writeFileSync(stampPath(root), JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }));
  log(`build finished in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}

export function hasBuild(root: string): boolean {
  return existsSync(path.join(root, ".next", "BUILD_ID")) && statSync(path.join(root, ".next")).isDirectory();
}
