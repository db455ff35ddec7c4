import { afterAll, beforeAll, expect, it } from "vitest";
import { makeCustomer, makeProduct, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { cpuMemorySeries } from "./cpu-memory-series";

let t: TestDb;
const now = new Date("2030-03-31T10:00:00.000Z");
let serviceId: string;

beforeAll(async () => {
  t = await createTestDb();
  const c = await makeCustomer(t.db);
  const product = await makeProduct(t.db);
  serviceId = (await makeService(t.db, { accountId: c.account.id, productId: product.id })).id;
  // One sample every 5 minutes over 10 days: CPU is the day of the month, memory null on the first day.
  const data = [];
  for (let m = 0; m < 10 * 24 * 12; m++) {
    const at = new Date(now.getTime() - m * 300_000);
    data.push({ serviceId, at, rxCounter: 0n, txCounter: 0n, rxBytes: 0n, txBytes: 0n, seconds: 300, cpuPct: at.getUTCDate(), memPct: at.getUTCDate() === 22 ? null : 50 });
  }
  await t.db.machineSample.createMany({ data });
});
afterAll(() => t?.close());

it("24 hours: every five-minute sample", async () => {
  const points = await cpuMemorySeries(t.db, serviceId, "24h", now);
  expect(points).toHaveLength(288);
  expect(points[0]).toEqual({ t: "2030-03-30T10:05:00.000Z", cpu_pct: 30, mem_pct: 50 });
  expect(points.at(-1)!.t).toBe(now.toISOString());
});

it("7 and 30 days: averaged into the traffic chart's buckets, over the whole range", async () => {
  const week = await cpuMemorySeries(t.db, serviceId, "7d", now);
  expect(week).toHaveLength(7 * 48 + 1);
  expect(week[0]!.t).toBe("2030-03-24T10:00:00.000Z");
  const month = await cpuMemorySeries(t.db, serviceId, "30d", now);
  // Only ten days have samples; two-hour buckets.
  expect(month).toHaveLength(10 * 12 + 1);
  expect(month.find((p) => p.t === "2030-03-22T12:00:00.000Z")).toEqual({ t: "2030-03-22T12:00:00.000Z", cpu_pct: 22, mem_pct: null });
  expect(month.find((p) => p.t === "2030-03-23T22:00:00.000Z")).toEqual({ t: "2030-03-23T22:00:00.000Z", cpu_pct: 23, mem_pct: 50 });
});
