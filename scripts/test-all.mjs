// `npm test`: every test, in order of cost. Stops at the first failing step.
//   prisma generate → typecheck, lint and unit tests (no database) side by side → integration tests
//   (a real database) → Playwright
// TEST_DATABASE_URL=postgres://… runs the database tests and the end-to-end server on PostgreSQL
// (fresh databases are created and dropped); otherwise they run on PGlite.
// RACKFRONT_TEST_ALSO_POSTGRES=postgres://… (CI) runs the integration tests a second time on that
// PostgreSQL, beside the Playwright suite: the browser suite spends much of its time waiting on pages
// and servers, so the second pass costs little wall-clock time there (docs/testing.md, "CI"). Its
// output is kept apart and printed when it ends.
// RACKFRONT_TEST_SKIP_STATIC=1 skips what does not depend on the database: typecheck, lint and the
// unit tests. RACKFRONT_TEST_SKIP_E2E=1 skips Playwright.
import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const skipStatic = process.env.RACKFRONT_TEST_SKIP_STATIC === "1";
const skipE2e = process.env.RACKFRONT_TEST_SKIP_E2E === "1";
const alsoPostgres = process.env.RACKFRONT_TEST_ALSO_POSTGRES || null;
const db = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";

/** Runs a step; its output goes to ours, or to `logFile` when given. Resolves with the exit code. */
function run(cmd, args, { env = process.env, logFile = null } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: logFile ? ["ignore", "pipe", "pipe"] : "inherit" });
    if (logFile) {
      const out = createWriteStream(logFile);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function step(name, cmd, args, options) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const code = await run(cmd, args, options);
  const secs = Math.round((Date.now() - started) / 1000);
  if (code !== 0) console.error(`\n✖ ${name} failed after ${secs} s`);
  else console.log(`✔ ${name} (${secs} s)`);
  return code;
}

/**
 * Steps that run at once, each to its own log printed when it ends (so outputs never interleave):
 * typecheck and lint are one process each, so on two cores they and the unit tests overlap.
 * Resolves with the first failing exit code, or 0.
 */
async function together(steps) {
  const dir = mkdtempSync(path.join(tmpdir(), "rf-static-"));
  const started = Date.now();
  console.log(`\n▶ ${steps.map(([name]) => name).join(", ")} (side by side; each one's output is printed when it ends)`);
  const codes = await Promise.all(
    steps.map(async ([name, cmd, args], i) => {
      const logFile = path.join(dir, `${i}.log`);
      const t0 = Date.now();
      const code = await run(cmd, args, { logFile });
      const secs = Math.round((Date.now() - t0) / 1000);
      console.log(`\n=== ${name}: output ===\n${readFileSync(logFile, "utf8")}`);
      console.log(code === 0 ? `✔ ${name} (${secs} s)` : `\n✖ ${name} failed after ${secs} s`);
      return code;
    }),
  );
  console.log(`(side by side: ${Math.round((Date.now() - started) / 1000)} s)`);
  return codes.find((c) => c !== 0) ?? 0;
}

const generated = await step("prisma generate", process.execPath, [path.join(root, "scripts/prisma-generate.mjs")]);
if (generated !== 0) process.exit(generated);
if (!skipStatic) {
  const code = await together([
    ["typecheck", bin("tsc"), ["--noEmit"]],
    ["lint", bin("eslint"), ["--max-warnings=0", "."]],
    ["unit tests", bin("vitest"), ["run", "--project", "unit"]],
  ]);
  if (code !== 0) process.exit(code);
}
const integration = await step(`integration tests (${db})`, bin("vitest"), ["run", "--project", "integration"]);
if (integration !== 0) process.exit(integration);

const e2e = () => step(`end-to-end tests (${db})`, bin("playwright"), ["test"]);
if (!alsoPostgres) {
  if (!skipE2e) process.exit(await e2e());
  process.exit(0);
}

// One worker: the other core is the browser suite's.
const pgArgs = ["run", "--project", "integration", ...(skipE2e ? [] : ["--maxWorkers=1"])];
const pgEnv = { ...process.env, TEST_DATABASE_URL: alsoPostgres };
if (skipE2e) process.exit(await step("integration tests (PostgreSQL)", bin("vitest"), pgArgs, { env: pgEnv }));

const logFile = path.join(mkdtempSync(path.join(tmpdir(), "rf-test-")), "integration-postgres.log");
console.log(`\n▶ integration tests (PostgreSQL), beside the end-to-end tests (output: ${logFile}, printed when both end)`);
const pgStarted = Date.now();
const pgLane = run(bin("vitest"), pgArgs, { env: pgEnv, logFile }).then((code) => {
  console.log(`\n${code === 0 ? "✔" : "✖"} integration tests (PostgreSQL) ${code === 0 ? "passed" : "failed"} after ${Math.round((Date.now() - pgStarted) / 1000)} s (beside the end-to-end tests)`);
  return code;
});
const [e2eCode, pgCode] = await Promise.all([e2e(), pgLane]);
console.log(`\n=== integration tests (PostgreSQL): output ===`);
console.log(readFileSync(logFile, "utf8"));
console.log(`${pgCode === 0 ? "✔" : "✖"} integration tests (PostgreSQL)${pgCode === 0 ? "" : ` failed (exit ${pgCode})`}`);
console.log(`${e2eCode === 0 ? "✔" : "✖"} end-to-end tests (${db})${e2eCode === 0 ? "" : ` failed (exit ${e2eCode})`}`);
process.exit(e2eCode !== 0 ? e2eCode : pgCode);
