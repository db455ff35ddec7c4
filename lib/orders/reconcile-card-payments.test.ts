import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeLookup, PaymentGateway } from "@/lib/payments/payment-gateway";
import { DECLINED_REASON, TEST_CARDS, testCardGateway } from "@/lib/payments/test-card-gateway";
import { makeProduct } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { CHARGE_NOT_COMPLETED, PROCESSING_TIMEOUT_MS, reconcileCardPayments } from "./reconcile-card-payments";
import { stalledCardOrder } from "./testing/stalled-card-order";
import { stalledCardChange } from "@/lib/services/changes/testing/stalled-card-change";
import { makeVpsSite } from "@/lib/services/testing/service-factories";
import { cancelServiceUpgrade } from "@/lib/services/changes/cancel-service-upgrade";
import { serviceContext } from "@/lib/services/service-context";
import { CARD_CHARGE_IN_PROGRESS } from "@/lib/services/changes/settle-card-change";

// Card charges left `processing` (the process stopped between the charge and recording it) are
// settled by asking the gateway, exactly once, after the timeout. The "crash" is a stalled request
// (testing/stalled-card-order.ts); letting it go afterwards is the request finishing late, which
// must change nothing.

let t: TestDb;
const now = new Date("2026-06-01T10:00:00.000Z");
const later = (ms: number) => new Date(now.getTime() + ms);
let product: Awaited<ReturnType<typeof makeProduct>>;

beforeAll(async () => {
  t = await createTestDb();
  await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "saved_method" }, update: { paymentMode: "saved_method" } });
  product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "20.00" } });
});
afterAll(async () => {
  await t?.close();
});

async function state(orderId: string) {
  const order = await t.db.order.findUniqueOrThrow({ where: { id: orderId }, include: { payments: true, services: true, invoices: true } });
  const events = await t.db.outboxEvent.findMany({ where: { type: { startsWith: "order." } }, orderBy: { createdAt: "asc" } });
  return {
    status: order.status,
    paymentStatus: order.paymentStatus,
    payments: order.payments.map((p) => [p.status, p.failureReason]),
    services: order.services.map((s) => s.status).sort(),
    invoices: order.invoices.map((i) => i.status),
    events: events.filter((e) => (e.payload as { orderId?: string }).orderId === orderId).map((e) => e.type),
  };
}

describe("reconcileCardPayments", () => {
  it("leaves a charge alone until the timeout, then settles a charge that went through exactly once", async () => {
    const s = await stalledCardOrder(t.db, { card: TEST_CARDS.success, productId: product.id, now });
    const provisioned: string[] = [];
    const run = (at: Date) => reconcileCardPayments({ db: t.db, now: at, provision: async (ids) => void provisioned.push(...ids) });

    expect(await run(later(PROCESSING_TIMEOUT_MS - 1_000))).toMatchObject({ checked: 0 });
    expect((await state(s.orderId)).paymentStatus).toBe("processing");

    const settled = await run(later(PROCESSING_TIMEOUT_MS + 1_000));
    expect(settled).toMatchObject({ checked: 1, paid: 1, failed: 0, pending: 0 });
    expect(await state(s.orderId)).toEqual({
      status: "paid",
      paymentStatus: "paid",
      payments: [["paid", null]],
      services: ["pending", "pending"],
      invoices: ["paid"],
      events: ["order.paid"],
    });
    expect(provisioned).toHaveLength(2);

    // A second run, and the stalled request finishing late, settle nothing again.
    expect(await run(later(2 * PROCESSING_TIMEOUT_MS))).toMatchObject({ checked: 0 });
    s.release();
    const late = await s.request;
    expect(late.order.status).toBe("paid");
    const after = await state(s.orderId);
    expect([after.events, after.invoices, after.payments]).toEqual([["order.paid"], ["paid"], [["paid", null]]]);
  });

  it("records a refusal the gateway reports: payment_failed with its reason, services cancelled", async () => {
    const s = await stalledCardOrder(t.db, { card: TEST_CARDS.declined, productId: product.id, now });
    expect(await reconcileCardPayments({ db: t.db, now: later(PROCESSING_TIMEOUT_MS) })).toMatchObject({ checked: 1, failed: 1 });
    expect(await state(s.orderId)).toEqual({
      status: "payment_failed",
      paymentStatus: "failed",
      payments: [["failed", DECLINED_REASON]],
      services: ["cancelled", "cancelled"],
      invoices: [],
      events: ["order.payment_failed"],
    });
    s.release();
    await s.request;
    expect((await state(s.orderId)).events).toEqual(["order.payment_failed"]);
  });

  it("fails a charge that never reached the gateway, saying nothing was taken", async () => {
    const s = await stalledCardOrder(t.db, { card: TEST_CARDS.success, productId: product.id, now, reachGateway: false });
    expect(await reconcileCardPayments({ db: t.db, now: later(PROCESSING_TIMEOUT_MS) })).toMatchObject({ checked: 1, failed: 1 });
    expect(await state(s.orderId)).toMatchObject({ status: "payment_failed", payments: [["failed", CHARGE_NOT_COMPLETED]], services: ["cancelled", "cancelled"] });
    s.release();
    await s.request;
  });

  it("asks again later while the gateway says pending or cannot be asked; parallel runs settle once", async () => {
    const s = await stalledCardOrder(t.db, { card: TEST_CARDS.success, productId: product.id, now });
    let answer: () => Promise<ChargeLookup> = async () => ({ status: "pending" });
    const gateway: PaymentGateway = { name: "test", charge: testCardGateway.charge, lookup: () => answer() };
    const run = () => reconcileCardPayments({ db: t.db, now: later(PROCESSING_TIMEOUT_MS), gateways: () => gateway, provision: async () => {} });

    expect(await run()).toMatchObject({ checked: 1, pending: 1, paid: 0 });
    answer = async () => {
      throw new Error("connect ETIMEDOUT");
    };
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect(await run()).toMatchObject({ checked: 1, pending: 1 });
    } finally {
      console.warn = warn;
    }
    expect((await state(s.orderId)).paymentStatus).toBe("processing");

    answer = async () => ({ status: "succeeded", gatewayReference: "gw-1" });
    const results = await Promise.all([run(), run(), run()]);
    expect(results.reduce((n, r) => n + r.paid, 0)).toBe(1);
    const after = await state(s.orderId);
    expect([after.status, after.events, after.invoices]).toEqual(["paid", ["order.paid"], ["paid"]]);
    const payment = await t.db.payment.findUniqueOrThrow({ where: { id: s.paymentId } });
    expect(payment.gatewayReference).toBe("gw-1");
    s.release();
    await s.request;
  });

  it("settles add-on and plan-change orders by applying the change, not by creating services", async () => {
    const site = await makeVpsSite(t.db, { nodes: 1 });
    const due = new Date("2026-06-21T00:00:00.000Z");
    const addon = await stalledCardChange(t.db, { kind: "addon", card: TEST_CARDS.success, site, now, due });
    const plan = await stalledCardChange(t.db, { kind: "upgrade", card: TEST_CARDS.success, site, now, due });
    const refused = await stalledCardChange(t.db, { kind: "upgrade", card: TEST_CARDS.declined, site, now, due });
    // While the card is being charged the plan change cannot be withdrawn; it waits `pending`.
    const pending = await t.db.serviceUpgrade.findFirstOrThrow({ where: { orderId: plan.orderId } });
    expect(pending.status).toBe("pending");
    await expect(cancelServiceUpgrade(serviceContext({ db: t.db, now, actor: { accountId: plan.reseller.account.id } }), { upgradeId: pending.id })).rejects.toThrow(CARD_CHARGE_IN_PROGRESS);

    const executed: string[] = [];
    const result = await reconcileCardPayments({ db: t.db, now: later(PROCESSING_TIMEOUT_MS), executeUpgrades: async (ids) => void executed.push(...ids) });
    expect(result).toMatchObject({ checked: 3, paid: 2, failed: 1 });

    expect(await t.db.serviceOption.findMany({ where: { orderId: addon.orderId }, select: { status: true } })).toEqual([{ status: "active" }]);
    expect(await state(addon.orderId)).toMatchObject({ status: "paid", services: [], invoices: ["paid"], events: ["order.paid"] });
    const upgrade = await t.db.serviceUpgrade.findFirstOrThrow({ where: { orderId: plan.orderId } });
    expect(upgrade.status).toBe("executing");
    expect(executed).toEqual([upgrade.id]);
    expect(await t.db.serviceUpgrade.findFirstOrThrow({ where: { orderId: refused.orderId } })).toMatchObject({ status: "cancelled" });
    expect(await state(refused.orderId)).toMatchObject({ status: "payment_failed", payments: [["failed", DECLINED_REASON]], events: ["order.payment_failed"] });

    // The stalled requests finishing late change nothing.
    for (const s of [addon, plan, refused]) s.release();
    await Promise.all([addon.request, plan.request, refused.request]);
    expect((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: upgrade.id } })).status).toBe("executing");
    expect((await state(addon.orderId)).events).toEqual(["order.paid"]);
    expect((await state(refused.orderId)).events).toEqual(["order.payment_failed"]);
  });
});
