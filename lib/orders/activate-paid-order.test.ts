import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeProduct, makeReseller } from "@/lib/testing/factories";
import { activatePaidOrder } from "./activate-paid-order";
import { placeOrder } from "./place-order";

let t: TestDb;
const now = new Date("2026-06-01T10:00:00.000Z");

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("activatePaidOrder", () => {
  it("turns an invoiced order's services pending once, raising order.paid, however many payers race", async () => {
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "invoice" }, update: { paymentMode: "invoice" } });
    const r = await makeReseller(t.db);
    await t.db.resellerProfile.update({ where: { id: r.profile.id }, data: { webhookUrl: "https://93.184.215.14/hook" } });
    const product = await makeProduct(t.db, { kind: "generic", prices: { annually: "120.00" } });
    const option = await t.db.productOption.create({
      data: { name: "Backup", slug: `backup-${Date.now()}`, pricingType: "recurring", prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("1.00") }] } },
    });
    await t.db.productOptionAssignment.create({ data: { productId: product.id, optionId: option.id } });
    const placed = await placeOrder(
      { db: t.db, now, actor: { kind: "reseller", resellerId: r.profile.id } },
      { items: [{ productId: product.id, billingCycle: "annually", quantity: 2, options: [{ optionId: option.id }] }], externalOrderId: "inv-pay" },
    );
    expect(placed.order.status).toBe("invoiced");
    const later = new Date("2026-06-03T09:00:00.000Z");
    const results = await Promise.all(Array.from({ length: 5 }, () => t.db.$transaction((tx) => activatePaidOrder(tx, { orderId: placed.order.id, at: later }))));
    expect(results.filter((x) => x.activated)).toHaveLength(1);
    expect(results.find((x) => x.activated)!.serviceIds).toHaveLength(2);
    const order = await t.db.order.findUniqueOrThrow({ where: { id: placed.order.id }, include: { services: { include: { options: true } } } });
    expect(order).toMatchObject({ status: "paid", paymentStatus: "paid" });
    for (const s of order.services) {
      expect(s.status).toBe("pending");
      expect(s.nextDueDate?.toISOString()).toBe("2027-06-03T09:00:00.000Z");
      expect(s.options.map((o) => o.status)).toEqual(["active"]);
    }
    const paid = await t.db.outboxEvent.findMany({ where: { resellerId: r.profile.id, type: "order.paid" } });
    expect(paid).toHaveLength(1);
    expect(paid[0]!.payload).toMatchObject({ orderId: placed.order.id, status: "paid", paymentMode: "invoice", externalOrderId: "inv-pay" });
  });
});
