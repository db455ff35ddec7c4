import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests against the real server: e2e/global-setup.ts runs `npm start` on a free
 * port with a fresh RACKFRONT_DATA_DIR (or a fresh PostgreSQL database when TEST_DATABASE_URL
 * is set), waits for /healthz and hands the address and data directory to the tests through
 * the environment. RF_E2E_BASE_URL + RF_E2E_DATA_DIR point the tests at a server you already run.
 * The browser is Debian's Chromium; Playwright never downloads one.
 */
export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results",
  // One server, two shared cores, and specs that sign in as the same demo users: one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // Specs share one server and its demo data; a retry on CI separates a slow machine from a real failure
  // (the report marks such a test "flaky", and a test that fails twice still fails the run).
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.RF_CHROMIUM ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    viewport: { width: 1280, height: 800 },
    // The first visit of a page may compile it (dev mode) or build-time caches may be cold.
    navigationTimeout: 60_000,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
});
