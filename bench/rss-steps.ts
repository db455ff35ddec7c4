// What each part of the server process costs in RSS, one step per run (docs/performance.md "Memory"):
//   DB=postgres://… [STEP_MIGRATE=1 | STEP_NEXT=1 | STEP_RUNNER=1] node --expose-gc --import tsx bench/rss-steps.ts
// The database must exist (migrated for STEP_NEXT / STEP_RUNNER runs).
import { readFileSync } from "node:fs";
const mb = () => {
  const m = process.memoryUsage();
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))![1]) / 1024;
  return `rss ${rss.toFixed(0)} MB (heapUsed ${(m.heapUsed / 1048576).toFixed(0)}, heapTotal ${(m.heapTotal / 1048576).toFixed(0)}, external ${(m.external / 1048576).toFixed(0)}, arrayBuffers ${(m.arrayBuffers / 1048576).toFixed(0)})`;
};
const gc = () => (globalThis as { gc?: () => void }).gc?.();
console.log("start", mb());
const { openDatabase } = await import("@/lib/db/adapter-factory");
const { installDb } = await import("@/lib/db/client");
const opened = await openDatabase({ kind: "postgres", url: process.env.DB! });
const db = installDb(opened);
await db.$queryRaw`SELECT 1`;
gc(); console.log("prisma client + pg", mb());
const { handleApiRequest } = await import("@/lib/api/handle-api-request");
gc(); console.log("+ API route tables", mb());
if (process.env.STEP_MIGRATE) {
  const { migrate } = await import("@/lib/db/migrate");
  await migrate(opened.adapterFactory);
  gc(); console.log("+ migrate (schema engine wasm)", mb());
}
if (process.env.STEP_NEXT) {
  (process.env as Record<string, string>).NODE_ENV = "production";
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: process.cwd(), hostname: "localhost", port: 3999 });
  await app.prepare();
  gc(); console.log("+ next prepare (production)", mb());
}
if (process.env.STEP_RUNNER) {
  const { startEmbeddedRunner } = await import("@/lib/jobs/embedded/start-embedded-runner");
  await startEmbeddedRunner({ db });
  gc(); console.log("+ embedded runner", mb());
}
void handleApiRequest;
process.exit(0);
