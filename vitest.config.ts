import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/**/*.test.ts", "prisma/**/*.test.ts"],
    exclude: ["node_modules", "e2e", ".next"],
    globalSetup: ["lib/testing/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    env: { RACKFRONT_INSTANCE_KEY: "0".repeat(63) + "1", AUTH_SECRET: "test-auth-secret-0123456789abcdef0123456789" },
    maxWorkers: 2,
  },
});
