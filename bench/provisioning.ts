// npm run bench:provisioning — 500 VPS orders placed at once, then built by the embedded runner.
// In-process and honest about it: no HTTP server; `placeOrder` (the order core both APIs call) places
// BENCH_ORDERS (default 500) reseller orders in `credit` mode concurrently, its after-commit hook sends
// `service/provision.requested` to an EmbeddedRunner installed in this process, and the runner drives
// the real provisioning function (claim, hold capacity + address, create, poll the simulator job) on
// the wall clock. Simulator jobs are fixed and short: queue 0, each of the three create steps
// BENCH_STEP_MS (default 1000 ms). Database: PostgreSQL at BENCH_DATABASE_URL (created if missing and
// dropped afterwards), else PGlite in a temp dir. Reports the time until every service is `active`,
// runner steps/s, then checks in SQL that no node is over capacity and no address is given twice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@/lib/db/adapter-factory";
import { installDb } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { systemClock } from "@/lib/backends/clock";
import type { BackendContext } from "@/lib/backends/context";
import { makeOsImage, makeVpsNode } from "@/lib/backends/testing/backend-test-kit";
import { createIpPool } from "@/lib/backends/ipam/create-ip-pool";
import { inngest } from "@/lib/jobs/client";
import { EmbeddedRunner } from "@/lib/jobs/embedded/embedded-runner";
import { createProvisionServiceFunction } from "@/lib/jobs/functions/provision-service";
import { createAdvanceBackendJobsFunction } from "@/lib/jobs/functions/advance-backend-jobs";
import { placeOrder } from "@/lib/orders/place-order";
import { VPS_SPECS } from "@/lib/services/testing/service-factories";
import { makeLocation, makeReseller } from "@/lib/testing/factories";
import { ensureDatabase } from "./ensure-database";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const RESELLERS = Number(process.env.BENCH_RESELLERS ?? 10);
const NODES = Number(process.env.BENCH_NODES ?? 10);
const STEP_MS = Number(process.env.BENCH_STEP_MS ?? 1000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 900) * 1000;
const dbUrl = process.env.BENCH_DATABASE_URL;

const dataDir = mkdtempSync(path.join(tmpdir(), "rf-bench-prov-"));
const drop = dbUrl ? await ensureDatabase(dbUrl) : null;
const opened = await openDatabase(dbUrl ? { kind: "postgres", url: dbUrl } : { kind: "pglite", dataDir: path.join(dataDir, "pglite") });
await migrateDatabase(opened);
// Installed as the process database too: domain code that reads it finds this one.
const db = installDb(opened);

// ── Setup: one location, NODES hypervisors with room for ceil(ORDERS / NODES) + 2 machines each (tight,
// so an over-commit would show), one IPv4 pool with ORDERS + 24 addresses, resellers with credit.
const perNode = Math.ceil(ORDERS / NODES) + 2;
const location = await makeLocation(db);
await createIpPool(db, { locationId: location.id, name: "bench-v4", cidr: "10.64.0.0/20", gateway: "10.64.0.1", limit: ORDERS + 24 });
const nodes = [];
for (let i = 0; i < NODES; i++) {
  nodes.push(await makeVpsNode(db, location.id, { vcpus: perNode * VPS_SPECS.vcpus, memoryMb: perNode * VPS_SPECS.memoryMb, diskGb: perNode * VPS_SPECS.diskGb }));
}
const image = await makeOsImage(db, { name: "Debian 12" });
const product = await db.product.create({
  data: {
    kind: "vps",
    name: "Bench VPS",
    slug: "bench-vps",
    specs: VPS_SPECS,
    prices: { create: [{ cycle: "monthly", amount: "12.00" }] },
    locations: { create: [{ locationId: location.id }] },
    osImages: { create: [{ osImageId: image.id, isDefault: true }] },
  },
});
await db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "credit", accountHourlyLimit: 1_000_000_000 }, update: { paymentMode: "credit", accountHourlyLimit: 1_000_000_000, minimumOrderAmount: null } });
await db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, customerHourlyLimit: 1_000_000_000 }, update: { customerHourlyLimit: 1_000_000_000 } });
const resellers: Awaited<ReturnType<typeof makeReseller>>[] = [];
for (let i = 0; i < RESELLERS; i++) {
  const r = await makeReseller(db, { credit: "100000" });
  await db.resellerProfile.update({ where: { id: r.profile.id }, data: { hourlyLimit: null } });
  resellers.push(r);
}

// ── The runner, driving the real functions with a backend context on the wall clock.
const simulator = { durationsMs: { queue: 0, "create.defining": STEP_MS, "create.imaging": STEP_MS, "create.booting": STEP_MS } };
const ctx: BackendContext = { db, clock: systemClock, simulator };
const runner = new EmbeddedRunner({
  db,
  functions: [createProvisionServiceFunction(() => ctx), createAdvanceBackendJobsFunction(() => ctx)],
  client: inngest,
  clock: () => new Date(),
  workers: WORKERS,
  pollIntervalMs: 100,
  logger: { info: () => {}, warn: console.warn, error: console.error } as never,
});
runner.install();
await runner.start();

// ── 500 orders at once.
const started = performance.now();
const results = await Promise.allSettled(
  Array.from({ length: ORDERS }, (_, i) =>
    placeOrder(
      { db, now: new Date(), actor: { kind: "reseller", resellerId: resellers[i % RESELLERS]!.profile.id } },
      {
        items: [{ productId: product.id, billingCycle: "monthly", location: location.value, hostname: `bench-${i}.example.com`, configuration: { osImageId: image.id } }],
        externalOrderId: `bench-${i}`,
      },
    ),
  ),
);
const placedMs = performance.now() - started;
const refused = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];

// ── Wait until every service has left pending/installing.
let statusCounts: Record<string, number> = {};
for (;;) {
  const groups = await db.service.groupBy({ by: ["status"], _count: { _all: true } });
  statusCounts = Object.fromEntries(groups.map((g) => [g.status, g._count._all]));
  const busy = (statusCounts.pending ?? 0) + (statusCounts.installing ?? 0);
  if (busy === 0 || performance.now() - started > TIMEOUT_MS) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const allDoneMs = performance.now() - started;
await runner.stop();
runner.uninstall();

// ── The database's word. Steps: every memoized step (sleeps included) of the provisioning runs.
const [stepRow] = await db.$queryRawUnsafe<{ runs: bigint; steps: bigint; failed: bigint; retried: bigint }[]>(
  `SELECT count(*) AS runs, coalesce(sum(jsonb_array_length(stack)), 0) AS steps,
          count(*) FILTER (WHERE status <> 'completed') AS failed, count(*) FILTER (WHERE attempt > 0) AS retried
     FROM "JobRun" WHERE "functionId" = 'rackfront-service-provision'`,
);
const overCapacity = await db.$queryRawUnsafe<{ name: string }[]>(
  `SELECT n.name FROM "Node" n
     LEFT JOIN "NodeAllocation" a ON a."nodeId" = n.id AND a."releasedAt" IS NULL
    GROUP BY n.id
   HAVING coalesce(sum(a.vcpus), 0) > n."capacityVcpus" OR coalesce(sum(a."memoryMb"), 0) > n."capacityMemoryMb" OR coalesce(sum(a."diskGb"), 0) > n."capacityDiskGb"
       OR coalesce(sum(a.vcpus), 0) <> n."allocatedVcpus" OR coalesce(sum(a."memoryMb"), 0) <> n."allocatedMemoryMb" OR coalesce(sum(a."diskGb"), 0) <> n."allocatedDiskGb"`,
);
const [addr] = await db.$queryRawUnsafe<{ assigned: bigint; distinct_addresses: bigint; machines_without: bigint }[]>(
  `SELECT (SELECT count(*) FROM "IpAddress" WHERE "allocationId" IS NOT NULL OR "vmId" IS NOT NULL) AS assigned,
          (SELECT count(DISTINCT address) FROM "IpAddress" WHERE "allocationId" IS NOT NULL OR "vmId" IS NOT NULL) AS distinct_addresses,
          (SELECT count(*) FROM "VirtualMachine" v WHERE v."destroyedAt" IS NULL AND NOT EXISTS (SELECT 1 FROM "IpAddress" i WHERE i."vmId" = v.id)) AS machines_without`,
);
const [vm] = await db.$queryRawUnsafe<{ live: bigint; live_allocations: bigint; services_two_vms: bigint }[]>(
  `SELECT (SELECT count(*) FROM "VirtualMachine" WHERE "destroyedAt" IS NULL) AS live,
          (SELECT count(*) FROM "NodeAllocation" WHERE "releasedAt" IS NULL) AS live_allocations,
          (SELECT count(*) FROM (SELECT "serviceId" FROM "VirtualMachine" WHERE "destroyedAt" IS NULL GROUP BY "serviceId" HAVING count(*) > 1) x) AS services_two_vms`,
);
const perNodeUse = await db.$queryRawUnsafe<{ vcpus: number }[]>(`SELECT "allocatedVcpus" AS vcpus FROM "Node" ORDER BY name`);
const failures = await db.service.groupBy({ by: ["failureCode"], where: { status: "provisioning_failed" }, _count: { _all: true } });

await db.$disconnect();
await opened.close();
if (drop) await drop();
rmSync(dataDir, { recursive: true, force: true });

const steps = Number(stepRow!.steps);
const active = statusCounts.active ?? 0;
console.log(`\n${ORDERS} VPS orders, ${RESELLERS} resellers, ${NODES} nodes x ${perNode} VPS, ${dbUrl ? "PostgreSQL" : "PGlite"}, ${WORKERS} runner workers, simulator create = 3 x ${STEP_MS} ms\n`);
console.log("| measure | value |");
console.log("|---|---:|");
console.log(`| orders placed / refused | ${ORDERS - refused.length} / ${refused.length} |`);
console.log(`| time to place all orders s | ${(placedMs / 1000).toFixed(1)} |`);
console.log(`| time until every service active s | ${(allDoneMs / 1000).toFixed(1)} |`);
console.log(`| services by status | ${JSON.stringify(statusCounts)} |`);
console.log(`| provisioning runs / not completed / retried | ${stepRow!.runs} / ${stepRow!.failed} / ${stepRow!.retried} |`);
console.log(`| runner steps (memoized, sleeps included) | ${steps} |`);
console.log(`| steps/s | ${(steps / (allDoneMs / 1000)).toFixed(1)} |`);
console.log(`| nodes over capacity or out of step with allocations | ${overCapacity.length} |`);
console.log(`| allocated vCPU per node | ${perNodeUse.map((n) => n.vcpus).join(" ")} |`);
console.log(`| addresses assigned / distinct | ${addr!.assigned} / ${addr!.distinct_addresses} |`);
console.log(`| live machines / live allocations / services with 2+ machines | ${vm!.live} / ${vm!.live_allocations} / ${vm!.services_two_vms} |`);
console.log(`| live machines without an address | ${addr!.machines_without} |`);
if (failures.length) console.log(`| provisioning failures | ${JSON.stringify(failures.map((f) => [f.failureCode, f._count._all]))} |`);
if (refused.length) console.log(`\nfirst refusals:\n${[...new Set(refused.map((r) => String(r.reason?.message ?? r.reason)))].slice(0, 5).join("\n")}`);
const ok =
  refused.length === 0 &&
  active === ORDERS &&
  overCapacity.length === 0 &&
  addr!.assigned === addr!.distinct_addresses &&
  Number(addr!.machines_without) === 0 &&
  Number(vm!.services_two_vms) === 0;
console.log(ok ? "\nall services active; no node over capacity; no address given twice" : "\nCHECK FAILED (see the table)");
process.exit(ok ? 0 : 1);
