import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { sampleMachines } from "@/lib/services/samples/sample-machines";
import { trafficDocument } from "@/lib/services/samples/traffic-report";
import { serviceStats, type DedicatedStatsDoc, type VpsStatsDoc } from "@/lib/services/document/service-stats";
import { serviceContext } from "@/lib/services/service-context";
import { makeActiveService, makeCustomer, makeDedicatedSite, makeVpsSite } from "@/lib/services/testing/service-factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { inngest } from "../client";
import { EmbeddedRunner } from "../embedded/embedded-runner";
import { recordingLogger } from "../embedded/test-support";
import { functions } from "../functions";
import { createSampleMachinesFunction, sampleMachinesFunction } from "./sample-machines";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const MIN = 60_000;

describe("sample-machines", () => {
  it("samples every five minutes through the runner: counters and the bytes since the previous sample, per service", async () => {
    expect(functions).toContain(sampleMachinesFunction);
    const customer = await makeCustomer(t.db);
    const site = await makeVpsSite(t.db);
    const metal = await makeDedicatedSite(t.db, { count: 1 });
    const vps = (await makeActiveService(t.db, { accountId: customer.account.id, productId: site.product.id, locationId: site.location.id })).service;
    const ds = (await makeActiveService(t.db, { accountId: customer.account.id, productId: metal.product.id, locationId: metal.location.id })).service;

    const clock = createManualClock("2026-03-02T09:59:30.000Z");
    const ctx = testContext(t.db, { clock });
    const runner = new EmbeddedRunner({ db: t.db, functions: [createSampleMachinesFunction(() => ctx)], client: inngest, clock: () => clock.now(), logger: recordingLogger() });
    for (const at of ["2026-03-02T10:00:05.000Z", "2026-03-02T10:05:05.000Z", "2026-03-02T10:10:05.000Z"]) {
      clock.set(new Date(at));
      await runner.tick();
      await runner.runDue();
    }
    const runs = await t.db.jobRun.findMany({ where: { functionId: "rackfront-sample-machines" } });
    expect(runs.map((r) => r.status)).toEqual(["completed", "completed", "completed"]);

    for (const service of [vps, ds]) {
      const rows = await t.db.machineSample.findMany({ where: { serviceId: service.id }, orderBy: { at: "asc" } });
      expect(rows.map((r) => r.at.toISOString())).toEqual(["2026-03-02T10:00:00.000Z", "2026-03-02T10:05:00.000Z", "2026-03-02T10:10:00.000Z"]);
      expect(rows.map((r) => r.seconds)).toEqual([0, 300, 300]);
      expect([rows[0]!.rxBytes, rows[0]!.txBytes]).toEqual([0n, 0n]);
      // A VPS's guest figures come with its sample; a dedicated server has none.
      if (service === vps) expect(rows.every((r) => r.cpuPct !== null && r.memUsedBytes! > 0n && r.diskPct !== null)).toBe(true);
      else expect(rows.every((r) => r.cpuPct === null && r.memUsedBytes === null)).toBe(true);
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i]!.rxBytes).toBe(rows[i]!.rxCounter - rows[i - 1]!.rxCounter);
        expect(rows[i]!.txBytes).toBeGreaterThan(0n);
      }
    }
  });

  it("the stats reads take the samples: a VPS's 24-hour series and month, a dedicated port's latest rate and month", async () => {
    const customer = await makeCustomer(t.db);
    const site = await makeVpsSite(t.db);
    const metal = await makeDedicatedSite(t.db, { count: 1 });
    const vps = (await makeActiveService(t.db, { accountId: customer.account.id, productId: site.product.id, locationId: site.location.id })).service;
    const ds = (await makeActiveService(t.db, { accountId: customer.account.id, productId: metal.product.id, locationId: metal.location.id })).service;
    const clock = createManualClock("2026-03-05T10:00:00.000Z");
    const ctx = testContext(t.db, { clock });
    // A fresh context per read: its `now` is the clock's reading then.
    const stats = (id: string) => serviceStats(serviceContext({ ...ctx, actor: { accountId: customer.account.id } }), { serviceId: id });

    await sampleMachines(ctx, clock.now());
    const early = (await stats(vps.id)) as VpsStatsDoc;
    expect(early.collecting).toBe(true);
    expect(early.series).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      clock.advance(5 * MIN);
      await sampleMachines(ctx, clock.now());
    }
    const rows = await t.db.machineSample.findMany({ where: { serviceId: vps.id }, orderBy: { at: "asc" } });
    const v = (await stats(vps.id)) as VpsStatsDoc;
    expect(v.collecting).toBe(false);
    expect(v.series.map((p) => p.t)).toEqual(rows.map((r) => r.at.toISOString()));
    expect(v.series[2]).toMatchObject({ cpu_pct: rows[2]!.cpuPct, mem_pct: rows[2]!.memPct, disk_rd_bps: null, net_rx_bps: Math.round((Number(rows[2]!.rxBytes) * 8) / 300) });
    expect(v.series[0]!.net_rx_bps).toBeNull(); // the first sample only starts the series
    expect(v.stats.network.month_netin_bytes).toBe(rows.reduce((n, r) => n + Number(r.rxBytes), 0));

    const d = (await stats(ds.id)) as DedicatedStatsDoc;
    const last = (await t.db.machineSample.findFirstOrThrow({ where: { serviceId: ds.id }, orderBy: { at: "desc" } }))!;
    expect(d.network).toMatchObject({ rx_bps: Math.round((Number(last.rxBytes) * 8) / 300), sampledAt: last.at.toISOString(), netin_bytes: null });
    expect(d.network.month_netout_bytes).toBeGreaterThan(0);
  });

  it("counts a restarted counter from zero, never negative; writes one sample per minute; prunes what is past retention", async () => {
    const customer = await makeCustomer(t.db);
    const site = await makeVpsSite(t.db);
    const vps = (await makeActiveService(t.db, { accountId: customer.account.id, productId: site.product.id, locationId: site.location.id })).service;
    const clock = createManualClock("2026-03-03T10:00:00.000Z");
    const ctx = testContext(t.db, { clock });
    await sampleMachines(ctx, clock.now());
    clock.advance(5 * MIN);
    await sampleMachines(ctx, clock.now());
    // The VM booted again just now: its counters start over.
    await t.db.virtualMachine.updateMany({ where: { serviceId: vps.id }, data: { bootedAt: new Date(clock.now().getTime() + 2 * MIN) } });
    clock.advance(5 * MIN);
    await sampleMachines(ctx, clock.now());
    await sampleMachines(ctx, clock.now()); // a retried run in the same minute
    const rows = await t.db.machineSample.findMany({ where: { serviceId: vps.id }, orderBy: { at: "asc" } });
    expect(rows).toHaveLength(3);
    expect(rows[2]!.rxCounter).toBeLessThan(rows[1]!.rxCounter);
    expect(rows[2]!.rxBytes).toBe(rows[2]!.rxCounter);
    expect(rows[2]!.rxBytes).toBeGreaterThan(0n);

    await t.db.machineSample.create({ data: { serviceId: vps.id, at: new Date("2026-01-20T00:00:00Z"), rxCounter: 1n, txCounter: 1n, rxBytes: 1n, txBytes: 1n, seconds: 300 } });
    expect((await sampleMachines(ctx, clock.now())).pruned).toBe(1);
  });

  it("a stopped VPS leaves a gap, and the next sample spans it", async () => {
    const customer = await makeCustomer(t.db);
    const site = await makeVpsSite(t.db);
    const vps = (await makeActiveService(t.db, { accountId: customer.account.id, productId: site.product.id, locationId: site.location.id })).service;
    const clock = createManualClock("2026-03-04T10:00:00.000Z");
    const ctx = testContext(t.db, { clock });
    await sampleMachines(ctx, clock.now());
    await t.db.virtualMachine.updateMany({ where: { serviceId: vps.id }, data: { state: "stopped" } });
    clock.advance(5 * MIN);
    const gap = await sampleMachines(ctx, clock.now());
    expect(gap.skipped).toBeGreaterThanOrEqual(1);
    await t.db.virtualMachine.updateMany({ where: { serviceId: vps.id }, data: { state: "running" } });
    clock.advance(5 * MIN);
    await sampleMachines(ctx, clock.now());
    const rows = await t.db.machineSample.findMany({ where: { serviceId: vps.id }, orderBy: { at: "asc" } });
    expect(rows.map((r) => r.seconds)).toEqual([0, 600]);
  });
});

describe("trafficDocument", () => {
  it("rates in bits per second, a summary, the month to date; daily rows for a VPS only; collecting before the first sample", async () => {
    const customer = await makeCustomer(t.db);
    const site = await makeVpsSite(t.db);
    const vps = (await makeActiveService(t.db, { accountId: customer.account.id, productId: site.product.id, locationId: site.location.id })).service;
    const now = new Date("2026-03-10T12:00:00.000Z");
    expect(await trafficDocument(t.db, vps.id, "vps", "24h", now)).toEqual({ kind: "vps", range: "24h", collecting: true, samples: [], summary: null, monthTotal: null, daily: [] });

    // Two hours of five-minute samples: 3,750,000 bytes in (100 kbit/s) and 7,500,000 out (200 kbit/s) each.
    const start = now.getTime() - 2 * 3_600_000;
    const data = Array.from({ length: 25 }, (_, i) => ({
      serviceId: vps.id,
      at: new Date(start + i * 5 * MIN),
      rxCounter: BigInt(i * 3_750_000),
      txCounter: BigInt(i * 7_500_000),
      rxBytes: i === 0 ? 0n : 3_750_000n,
      txBytes: i === 0 ? 0n : 7_500_000n,
      seconds: i === 0 ? 0 : 300,
    }));
    data[10]!.rxBytes = 37_500_000n; // one burst at 1 Mbit/s
    await t.db.machineSample.createMany({ data });

    const hour = await trafficDocument(t.db, vps.id, "vps", "1h", now);
    expect(hour.collecting).toBe(false);
    expect(hour.samples).toHaveLength(12);
    expect(hour.samples[0]).toEqual({ time: new Date(now.getTime() - 55 * MIN).toISOString(), in: 100_000, out: 200_000 });
    const day = await trafficDocument(t.db, vps.id, "vps", "24h", now);
    expect(day.samples).toHaveLength(24);
    expect(day.summary).toEqual({ avgIn: 137_500, avgOut: 200_000, maxIn: 1_000_000, maxOut: 200_000, p95In: 100_000, p95Out: 200_000, totalSamples: 24 });
    expect(day.monthTotal).toEqual({ total_bytes_in: 23 * 3_750_000 + 37_500_000, total_bytes_out: 24 * 7_500_000 });
    expect(day.daily).toEqual([{ day: "2026-03-10", rx_bytes: 23 * 3_750_000 + 37_500_000, tx_bytes: 24 * 7_500_000 }]);
    // 7 days: half-hour buckets, each the byte-weighted average of its samples.
    const week = await trafficDocument(t.db, vps.id, "vps", "7d", now);
    expect(week.samples.length).toBeLessThanOrEqual(5);
    expect(week.samples.every((s) => s.out === 200_000)).toBe(true);
    expect((await trafficDocument(t.db, vps.id, "dedicated", "24h", now)).daily).toBeUndefined();
  });
});
