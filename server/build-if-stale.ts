import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
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

/** Runs `next build` in a child process when the bundle is missing or its inputs changed. */
export async function buildIfStale(root: string, log: (line: string) => void): Promise<boolean> {
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
