import { afterAll, beforeAll, expect, it } from "vitest";
import { PROCESSING_TIMEOUT_MS } from "@/lib/orders/reconcile-card-payments";
import { stalledCardOrder } from "@/lib/orders/testing/stalled-card-order";
import { TEST_CARDS } from "@/lib/payments/test-card-gateway";
import { SERVICE_PROVISION_EVENT } from "@/lib/services/request-provisioning";
import { makeProduct } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { inngest } from "../client";
import { EmbeddedRunner } from "../embedded/embedded-runner";
import { manualClock, recordingLogger } from "../embedded/test-support";
import { functions } from "../functions";
import { reconcileCardPaymentsJob } from "./reconcile-card-payments";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "saved_method" }, update: { paymentMode: "saved_method" } });
});
afterAll(async () => {
  await t?.close();
});

it("is registered, runs every five minutes and settles a stalled charge once the timeout has passed", async () => {
  expect(functions).toContain(reconcileCardPaymentsJob);
  const start = new Date("2026-06-01T10:00:30.000Z");
  const product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "20.00" } });
  const stalled = await stalledCardOrder(t.db, { card: TEST_CARDS.success, productId: product.id, now: start });
  await t.db.payment.update({ where: { id: stalled.paymentId }, data: { createdAt: start } });

  const clock = manualClock(start.toISOString());
  const runner = new EmbeddedRunner({ db: t.db, functions: [reconcileCardPaymentsJob], client: inngest, clock: clock.now, logger: recordingLogger() });
  const runs = () => t.db.jobRun.findMany({ where: { functionId: "rackfront-reconcile-card-payments", status: "completed" }, orderBy: { createdAt: "asc" } });

  // 10:05: too early, nothing settled.
  clock.set("2026-06-01T10:05:00.000Z");
  await runner.tick();
  expect((await runs()).map((r) => r.output)).toEqual([expect.objectContaining({ checked: 0, paid: 0 })]);
  expect((await t.db.order.findUniqueOrThrow({ where: { id: stalled.orderId } })).paymentStatus).toBe("processing");

  // 10:15: past the timeout (10:10:30): paid, and the builds requested.
  clock.set(new Date(Date.parse("2026-06-01T10:15:00.000Z")));
  expect(clock.now().getTime() - start.getTime()).toBeGreaterThan(PROCESSING_TIMEOUT_MS);
  await runner.tick();
  const settled = (await runs()).at(-1)!.output as { paid: number; provisioned: string[] };
  expect(settled.paid).toBe(1);
  expect(settled.provisioned).toHaveLength(2);
  expect(await t.db.order.findUniqueOrThrow({ where: { id: stalled.orderId } })).toMatchObject({ status: "paid", paymentStatus: "paid" });
  const builds = await t.db.jobEvent.findMany({ where: { name: SERVICE_PROVISION_EVENT } });
  expect(builds.map((e) => (e.data as { serviceId: string }).serviceId).sort()).toEqual([...settled.provisioned].sort());

  // 10:20: nothing left.
  clock.set("2026-06-01T10:20:00.000Z");
  await runner.tick();
  expect((await runs()).at(-1)!.output).toMatchObject({ checked: 0 });
  stalled.release();
  await stalled.request;
  expect(await t.db.outboxEvent.count({ where: { type: "order.paid" } })).toBe(1);
});
