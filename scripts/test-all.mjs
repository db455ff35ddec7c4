// `npm test`: every test, in order of cost. Stops at the first failing step.
//   prisma generate → typecheck → lint → vitest (unit + integration on a real database) → Playwright
// TEST_DATABASE_URL=postgres://… runs the database tests and the end-to-end server on PostgreSQL
// (fresh databases are created and dropped); otherwise they run on PGlite.
// RACKFRONT_TEST_SKIP_STATIC=1 skips typecheck and lint (CI's second pass over the same tree).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const skipStatic = process.env.RACKFRONT_TEST_SKIP_STATIC === "1";

const steps = [
  ["prisma generate", process.execPath, [path.join(root, "scripts/prisma-generate.mjs")]],
  !skipStatic && ["typecheck", bin("tsc"), ["--noEmit"]],
  !skipStatic && ["lint", bin("eslint"), ["--max-warnings=0", "."]],
  ["unit and integration tests", bin("vitest"), ["run"]],
  ["end-to-end tests", bin("playwright"), ["test"]],
].filter(Boolean);

const db = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}${name.includes("tests") ? ` (${db})` : ""}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: process.env });
  const secs = Math.round((Date.now() - started) / 1000);
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed after ${secs} s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${secs} s)`);
}
