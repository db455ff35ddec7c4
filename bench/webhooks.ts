// npm run bench:webhooks — webhook delivery throughput: BENCH_EVENTS events (default 10,000) for
// BENCH_RESELLERS resellers (default 50) to a receiver on loopback that answers 200 after
// BENCH_RECEIVER_MS (default 5 ms). Runs the production sweep (lib/webhooks/sweep-webhook-deliveries.ts,
// 45-second budget per sweep, the sweep's default concurrency unless BENCH_CONCURRENCY) back to back until
// nothing is due, and reports deliveries per second, how many sweeps that took (each is a minute
// apart in production), and duplicates (there must be none when nothing failed).
// Database: a fresh in-memory PGlite, or BENCH_DATABASE_URL (PostgreSQL: created for the run and
// dropped after it when it does not exist; an existing one must be empty).
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";

process.env.RACKFRONT_INSTANCE_KEY ??= randomBytes(32).toString("hex");

const { generateSigningSecret } = await import("@/lib/api-keys/generate-signing-secret");
const { openDatabase } = await import("@/lib/db/adapter-factory");
const { createPrismaClient } = await import("@/lib/db/client");
const { migrate } = await import("@/lib/db/migrate");
const { makeReseller } = await import("@/lib/testing/factories");
const { serviceEventData } = await import("@/lib/webhooks/events");
const { recordResellerEvent } = await import("@/lib/webhooks/record-reseller-event");
const { sweepWebhookDeliveries } = await import("@/lib/webhooks/sweep-webhook-deliveries");
const { createAddressPolicy } = await import("@/lib/webhooks/address-policy");

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RESELLERS = Number(process.env.BENCH_RESELLERS ?? 50);
const RECEIVER_MS = Number(process.env.BENCH_RECEIVER_MS ?? 5);
const { WEBHOOK_SWEEP_CONCURRENCY } = await import("@/lib/webhooks/sweep-webhook-deliveries");
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? WEBHOOK_SWEEP_CONCURRENCY);
const dbUrl = process.env.BENCH_DATABASE_URL;

const seen = new Map<string, number>();
const receiver = http.createServer((req, res) => {
  const id = String(req.headers["x-webhook-id"]);
  req.resume();
  req.on("end", () => {
    seen.set(id, (seen.get(id) ?? 0) + 1);
    setTimeout(() => res.end("ok"), RECEIVER_MS);
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const { ensureDatabase } = await import("./ensure-database");
const dropDatabase = dbUrl ? await ensureDatabase(dbUrl) : null;
const opened = await openDatabase(dbUrl ? { kind: "postgres", url: dbUrl } : { kind: "pglite", dataDir: null });
await migrate(opened.adapterFactory);
const db = createPrismaClient(opened);

console.log(`database: ${dbUrl ? "PostgreSQL" : "PGlite (in memory)"}; ${EVENTS} events for ${RESELLERS} resellers; receiver answers after ${RECEIVER_MS} ms; concurrency ${CONCURRENCY}`);

const resellerIds: string[] = [];
for (let i = 0; i < RESELLERS; i++) {
  const r = await makeReseller(db);
  await db.resellerProfile.update({ where: { id: r.profile.id }, data: { signingSecret: generateSigningSecret().sealed, webhookUrl: url } });
  resellerIds.push(r.profile.id);
}
const queueStarted = performance.now();
const base = Date.now() - 60_000;
for (let start = 0; start < EVENTS; start += 200) {
  await db.$transaction(async (tx) => {
    for (let n = start; n < Math.min(start + 200, EVENTS); n++) {
      await recordResellerEvent(
        tx,
        {
          resellerId: resellerIds[n % RESELLERS]!,
          type: "service.suspended",
          data: serviceEventData({ serviceId: `svc-${n}`, orderId: null, externalOrderId: `ext-${n}`, externalCustomerId: null, status: "suspended", serverIp: null, hostname: null }),
        },
        { now: new Date(base + n) },
      );
    }
  });
}
const queueSeconds = (performance.now() - queueStarted) / 1000;
console.log(`queued ${EVENTS} deliveries in ${queueSeconds.toFixed(1)} s (${Math.round(EVENTS / queueSeconds)} events/s through recordResellerEvent)`);

const policy = createAddressPolicy({ allow: ["127.0.0.1"] });
const started = performance.now();
let sweeps = 0;
let attempted = 0;
let failed = 0;
const perSweep: string[] = [];
for (;;) {
  const t0 = performance.now();
  const report = await sweepWebhookDeliveries({ db, policy, concurrency: CONCURRENCY });
  sweeps++;
  attempted += report.attempted;
  failed += report.retrying + report.failed;
  perSweep.push(`${report.attempted} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (report.attempted === 0) break;
}
const seconds = (performance.now() - started) / 1000;
const delivered = await db.webhookDelivery.count({ where: { status: "delivered" } });
const duplicates = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
const rssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);

console.log(`sweeps: ${sweeps} (the last one found nothing): ${perSweep.join("; ")}`);
console.log(
  JSON.stringify({ events: EVENTS, resellers: RESELLERS, delivered, attempted, failed, duplicates, seconds: Number(seconds.toFixed(1)), perSecond: Math.round(delivered / seconds), sweepsWithWork: sweeps - 1, rssMb }),
);
if (delivered !== EVENTS || duplicates !== 0 || seen.size !== EVENTS) {
  console.error(`FAILED: delivered ${delivered}, distinct received ${seen.size}, duplicates ${duplicates}`);
  process.exitCode = 1;
}
await db.$disconnect();
await opened.close();
await dropDatabase?.();
receiver.close();
