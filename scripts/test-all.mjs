// `npm test`: every test, in order of cost. Stops at the first failing step.
//   prisma generate → typecheck → lint → unit tests (no database) → integration tests (a real
//   database) → Playwright
// TEST_DATABASE_URL=postgres://… runs the database tests and the end-to-end server on PostgreSQL
// (fresh databases are created and dropped); otherwise they run on PGlite.
// RACKFRONT_TEST_SKIP_STATIC=1 skips what does not depend on the database: typecheck, lint and the
// unit tests (CI's second pass over the same tree). RACKFRONT_TEST_SKIP_E2E=1 skips Playwright (CI
// runs the browser suite once, on the embedded default).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const skipStatic = process.env.RACKFRONT_TEST_SKIP_STATIC === "1";
const skipE2e = process.env.RACKFRONT_TEST_SKIP_E2E === "1";

const steps = [
  ["prisma generate", process.execPath, [path.join(root, "scripts/prisma-generate.mjs")]],
  !skipStatic && ["typecheck", bin("tsc"), ["--noEmit"]],
  !skipStatic && ["lint", bin("eslint"), ["--max-warnings=0", "."]],
  !skipStatic && ["unit tests", bin("vitest"), ["run", "--project", "unit"]],
  ["integration tests", bin("vitest"), ["run", "--project", "integration"]],
  !skipE2e && ["end-to-end tests", bin("playwright"), ["test"]],
].filter(Boolean);

const db = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}${name.includes("tests") && name !== "unit tests" ? ` (${db})` : ""}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: process.env });
  const secs = Math.round((Date.now() - started) / 1000);
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed after ${secs} s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${secs} s)`);
}
