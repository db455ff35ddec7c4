// npm run bench:orders — signed POST /v1/reseller/orders in `credit` mode against the real server
// on PostgreSQL (BENCH_DATABASE_URL, an existing empty database; PGlite when unset, for a smoke
// run only). BENCH_CONNECTIONS (default 32) keep-alive clients send orders back to back for
// BENCH_SECONDS (default 20); one request in ten replays an externalOrderId that already got its
// 201. Reports orders/s (201s), replays/s (200s), p50/p99 of each, the server's peak RSS, then
// checks the database: one order per externalOrderId, exactly one ledger debit per order, the
// ledger adds up to the balance, and no externalOrderId that got a 201 is missing.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@/lib/db/adapter-factory";
import { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { signResellerRequest } from "@/lib/api/reseller/signature";
import { startServer, type RunningServer } from "@/lib/testing/start-server";
import { cpuMsOf, databaseBackends, rssMb } from "./load";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const dataDir = mkdtempSync(path.join(tmpdir(), "rf-bench-orders-"));
const dbUrl = process.env.BENCH_DATABASE_URL;
const env: Record<string, string> = { RACKFRONT_DATA_DIR: dataDir, ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) };
const run = randomUUID().slice(0, 8);

async function stop(server: RunningServer) {
  server.child.kill("SIGTERM");
  await server.exited;
}

async function withDb<T>(fn: (db: PrismaClient) => Promise<T>): Promise<T> {
  const opened = await openDatabase(dbUrl ? { kind: "postgres", url: dbUrl } : { kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  const db = new PrismaClient({ adapter: opened.adapterFactory });
  try {
    return await fn(db);
  } finally {
    await db.$disconnect();
    await opened.close();
  }
}

// First start: migrations, demo seed, production build when stale (BENCH_START_TIMEOUT_MS, default
// 10 minutes: on a loaded 2-core machine the build alone can take longer).
const startTimeoutMs = Number(process.env.BENCH_START_TIMEOUT_MS ?? 600_000);
let server = await startServer(env, startTimeoutMs);
const creds = JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
await stop(server);

// Credit mode, no limits in the way, plenty of credit, one plain product every order buys.
const { productId, accountId } = await withDb(async (db) => {
  await db.platformSettings.update({ where: { id: 1 }, data: { customerHourlyLimit: 1_000_000_000 } });
  await db.resellerProgramme.update({ where: { id: 1 }, data: { accountHourlyLimit: 1_000_000_000, paymentMode: "credit", minimumOrderAmount: null } });
  const reseller = await db.resellerProfile.findFirstOrThrow({ where: { status: "active" } });
  await db.resellerProfile.update({ where: { id: reseller.id }, data: { hourlyLimit: null } });
  await db.resellerApiKey.updateMany({ where: { resellerId: reseller.id }, data: { hourlyLimit: null } });
  const product = await db.product.create({
    data: { kind: "generic", name: "Bench widget", slug: `bench-widget-${run}`, prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("1.00") }] } },
  });
  await db.$transaction(async (tx) => {
    const account = await tx.clientAccount.update({ where: { id: reseller.accountId }, data: { creditBalance: { increment: new Prisma.Decimal("10000000") } } });
    await tx.creditLedgerEntry.create({
      data: { accountId: reseller.accountId, kind: "top_up", amount: new Prisma.Decimal("10000000"), balanceAfter: account.creditBalance, currency: account.currency, description: "Bench top-up" },
    });
  });
  return { productId: product.id, accountId: reseller.accountId };
});

// BENCH_CPU_PROF=<dir>: the measured server runs under `node --cpu-prof` and writes its profile there.
const cpuProfDir = process.env.BENCH_CPU_PROF;
server = await startServer(env, startTimeoutMs, "server.ts", cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : []);
const target = new URL(server.baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function post(body: string): Promise<{ status: number; ms: number }> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers = {
    authorization: `Bearer ${creds.reseller.apiKey}`,
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "x-reseller-timestamp": timestamp,
    "x-reseller-signature": signResellerRequest({ signingSecret: creds.reseller.signingSecret, timestamp, body }),
  };
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ agent, host: target.hostname, port: target.port, path: "/v1/reseller/orders", method: "POST", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

const created: string[] = [];
const createdMs: number[] = [];
const replayMs: number[] = [];
const statuses = new Map<number, number>();
let sequence = 0;
let replayMismatch = 0;

async function client(deadline: number) {
  while (performance.now() < deadline) {
    const replay = created.length > 0 && Math.random() < 0.1;
    const externalOrderId = replay ? created[Math.floor(Math.random() * created.length)]! : `bench-${run}-${sequence++}`;
    const r = await post(JSON.stringify({ productId, billingCycle: "monthly", externalOrderId }));
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    if (r.status === 201) {
      created.push(externalOrderId);
      createdMs.push(r.ms);
      if (replay) replayMismatch++;
    } else if (r.status === 200) replayMs.push(r.ms);
  }
}

// Warm-up (JIT, connection pool), then the measured run while sampling RSS.
await Promise.all(Array.from({ length: Math.min(4, connections) }, () => client(performance.now() + 3000)));
createdMs.length = 0;
replayMs.length = 0;
statuses.clear();
let peakRss = await rssMb(server.child.pid!);
const sampler = setInterval(() => void rssMb(server.child.pid!).then((mb) => (peakRss = Math.max(peakRss, mb))), 250);
// CPU time per order (server, PostgreSQL's processes, this client) does not depend on what else the
// machine runs, unlike orders/s: it says how many orders/s two idle cores could take at best.
// PostgreSQL: the backends serving the bench database (the server's pool, warm by now).
const backends = dbUrl ? await databaseBackends(dbUrl) : [];
const pgBefore = new Map(backends.map((b) => [b, cpuMsOf(b)]));
// A backend that leaves during the run reads 0 after: count it as nothing, not as negative.
const postgresSpent = () => backends.reduce((sum, b) => sum + Math.max(0, cpuMsOf(b) - pgBefore.get(b)!), 0);
const cpuBefore = { server: cpuMsOf(server.child.pid!), client: process.cpuUsage() };
const started = performance.now();
await Promise.all(Array.from({ length: connections }, () => client(started + seconds * 1000)));
const elapsed = (performance.now() - started) / 1000;
const clientCpu = process.cpuUsage(cpuBefore.client);
const cpu = {
  server: cpuMsOf(server.child.pid!) - cpuBefore.server,
  postgres: postgresSpent(),
  client: (clientCpu.user + clientCpu.system) / 1000,
};
clearInterval(sampler);
agent.destroy();
const serverErrors = server
  .output()
  .split("\n")
  .filter((line) => /unhandled error|Error:/.test(line))
  .slice(0, 10);
await stop(server);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))]! : NaN;
};

// The database's word on duplicates.
const check = await withDb(async (db) => {
  const prefix = `bench-${run}-`;
  const orders = await db.order.findMany({ where: { externalOrderId: { startsWith: prefix } }, select: { id: true, externalOrderId: true, total: true } });
  const distinct = new Set(orders.map((o) => o.externalOrderId)).size;
  const ledger = await db.creditLedgerEntry.groupBy({ by: ["orderId"], where: { orderId: { in: orders.map((o) => o.id) } }, _count: { _all: true } });
  const notOne = ledger.filter((l) => l._count._all !== 1).length + (orders.length - ledger.length);
  const account = await db.clientAccount.findUniqueOrThrow({ where: { id: accountId }, select: { creditBalance: true } });
  const sum = await db.creditLedgerEntry.aggregate({ where: { accountId }, _sum: { amount: true } });
  const missing = [...new Set(created)].filter((id) => !orders.some((o) => o.externalOrderId === id)).length;
  return { orders: orders.length, distinct, notOne, balanceMatches: account.creditBalance.equals(sum._sum.amount ?? 0), missing };
});
rmSync(dataDir, { recursive: true, force: true });

const ordersPerSecond = createdMs.length / elapsed;
console.log(`\n${connections} connections, ${elapsed.toFixed(1)} s, ${dbUrl ? "PostgreSQL" : "PGlite"}, credit mode\n`);
console.log("| measure | value |");
console.log("|---|---:|");
console.log(`| orders created (201) | ${createdMs.length} |`);
console.log(`| orders/s | ${ordersPerSecond.toFixed(1)} |`);
console.log(`| create p50 / p99 ms | ${pct(createdMs, 0.5).toFixed(0)} / ${pct(createdMs, 0.99).toFixed(0)} |`);
console.log(`| replays (200) | ${replayMs.length} |`);
console.log(`| replay p50 / p99 ms | ${pct(replayMs, 0.5).toFixed(0)} / ${pct(replayMs, 0.99).toFixed(0)} |`);
console.log(`| other statuses | ${JSON.stringify(Object.fromEntries([...statuses].filter(([s]) => s !== 200 && s !== 201)))} |`);
console.log(`| server peak RSS MB | ${peakRss.toFixed(0)} |`);
const requestsServed = createdMs.length + replayMs.length;
const perRequest = (ms: number) => (requestsServed ? (ms / requestsServed).toFixed(1) : "n/a");
console.log(`| CPU ms per request: server / PostgreSQL / bench client | ${perRequest(cpu.server)} / ${dbUrl ? perRequest(cpu.postgres) : "n/a"} / ${perRequest(cpu.client)} |`);
console.log(`| requests/s two idle cores could take at these CPU costs | ${requestsServed ? ((2000 * requestsServed) / (cpu.server + cpu.postgres + cpu.client)).toFixed(0) : "n/a"} |`);
console.log(`| orders in DB / distinct externalOrderId | ${check.orders} / ${check.distinct} |`);
console.log(`| orders without exactly one ledger row | ${check.notOne} |`);
console.log(`| 201s missing from DB | ${check.missing} |`);
console.log(`| replays answered 201 | ${replayMismatch} |`);
console.log(`| balance = sum of ledger | ${check.balanceMatches} |`);
if (serverErrors.length > 0) console.log(`\nserver errors (first ${serverErrors.length}):\n${serverErrors.join("\n")}`);
const ok = check.orders === check.distinct && check.notOne === 0 && check.missing === 0 && replayMismatch === 0 && check.balanceMatches;
console.log(ok ? "\nno duplicate orders or ledger rows" : "\nDUPLICATES OR MISSING ROWS FOUND");
process.exit(ok ? 0 : 1);
