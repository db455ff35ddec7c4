import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const TEST_DIRS = ["lib", "app", "components", "server", "scripts", "tests", "prisma", "game-node"];
const SKIP = new Set(["node_modules", ".next", "generated", "e2e"]);

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(rel));
    else if (entry.name.endsWith(".test.ts")) out.push(rel);
  }
  return out;
}

// Two tiers, decided by what a test file uses (docs/testing.md): a file that opens a database or
// starts the server is an integration test; every other file is a unit test and runs without the
// database set-up, in under a minute (`npm run test:unit`). A unit file that reaches for a database
// fails loudly (the global set-up it needs never ran).
const NEEDS_DATABASE = /createTestDb|startServer|customerVpsFixture|lib\/testing\/test-db/;
const all = TEST_DIRS.flatMap((dir) => {
  try {
    return testFiles(dir);
  } catch {
    return [];
  }
});
const integration = all.filter((file) => NEEDS_DATABASE.test(readFileSync(path.join(root, file), "utf8")));
const unit = all.filter((file) => !integration.includes(file));

const shared = {
  resolve: { alias: { "@": root } },
};
const env = { RACKFRONT_INSTANCE_KEY: "0".repeat(63) + "1", AUTH_SECRET: "test-auth-secret-0123456789abcdef0123456789" };

export default defineConfig({
  ...shared,
  test: {
    exclude: ["node_modules", "e2e", ".next"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    env,
    projects: [
      { ...shared, test: { name: "unit", include: unit, env, testTimeout: 30_000 } },
      // On CI a failed integration test runs once more, as a failed browser test does (playwright.config.ts):
      // a test that passes on its retry is reported as retried; one that fails twice still fails the run.
      { ...shared, test: { name: "integration", include: integration, globalSetup: ["lib/testing/global-setup.ts"], env, testTimeout: 60_000, hookTimeout: 120_000, retry: process.env.CI ? 1 : 0 } },
    ],
  },
});
