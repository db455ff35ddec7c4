import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payInvoiceFromCredit } from "@/lib/billing/pay-invoice-from-credit";
import { Prisma } from "@/lib/generated/prisma/client";
import { QuantityLimitError } from "@/lib/pricing/pricing-errors";
import { TEST_CARDS } from "@/lib/payments/test-card-gateway";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { addCredit, makeCustomer, makeProduct, makeReseller } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { cancelUnpaidOrder, findCancellableOrder, ORDER_NOT_NEW, ORDER_NOT_WAITING, ORDER_PART_PAID, ORDER_PAYMENT_IN_PROGRESS } from "./cancel-unpaid-order";
import { placeOrder } from "./place-order";
import { ORDER_NOT_FOUND } from "./retry-order-payment";
import { stalledCardOrder } from "./testing/stalled-card-order";

// A customer cancelling an order they have not paid (docs/orders.md "Cancelling an unpaid order").

let t: TestDb;
const now = new Date("2026-06-01T10:00:00.000Z");
let product: Awaited<ReturnType<typeof makeProduct>>;
let optionId: string;

beforeAll(async () => {
  t = await createTestDb();
  product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "20.00" } });
  const option = await t.db.productOption.create({
    data: { name: "Backup", slug: `backup-${Date.now()}`, pricingType: "recurring", prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("2.00") }] } },
  });
  optionId = option.id;
  await t.db.productOptionAssignment.create({ data: { productId: product.id, optionId } });
});
afterAll(async () => {
  await t?.close();
});

const issueProformas = (on: boolean) => t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, issueProformas: on }, update: { issueProformas: on } });

/** A customer's order of two services with an add-on each, its invoice (or proforma) unpaid. */
async function unpaidOrder(credit?: string) {
  const c = await makeCustomer(t.db);
  const placed = await placeOrder(
    { db: t.db, now, actor: { kind: "customer", accountId: c.account.id, userId: c.owner.id } },
    { items: [{ productId: product.id, billingCycle: "monthly", quantity: 2, options: [{ optionId }] }] },
  );
  if (credit) await addCredit(t.db, c.account.id, credit);
  return { customer: c, orderId: placed.order.id, document: placed.document!, ctx: { db: t.db, now, actor: { accountId: c.account.id } } };
}

/** Everything a cancellation changes, to compare before and after. */
async function state(orderId: string) {
  const order = await t.db.order.findUniqueOrThrow({
    where: { id: orderId },
    include: { services: { include: { options: true }, orderBy: { id: "asc" } }, invoices: true, proformas: true },
  });
  return {
    order: order.status,
    services: order.services.map((s) => s.status),
    options: order.services.flatMap((s) => s.options.map((o) => o.status)),
    documents: [...order.invoices, ...order.proformas].map((d) => [d.number, d.status, d.paidAmount.toFixed(2)]),
  };
}

describe("cancelUnpaidOrder", () => {
  it("cancels the services, their add-ons, the unpaid invoice and the order, and names them", async () => {
    const o = await unpaidOrder();
    expect(o.document).toMatchObject({ type: "invoice", settled: false });
    const offered = await findCancellableOrder(o.ctx, { invoiceId: o.document.id });
    expect(await findCancellableOrder(o.ctx, { serviceId: (await t.db.service.findFirstOrThrow({ where: { orderId: o.orderId } })).id })).toEqual(offered);

    const cancelled = await cancelUnpaidOrder(o.ctx, { orderId: o.orderId });
    expect(cancelled).toEqual(offered);
    expect(cancelled).toMatchObject({ orderId: o.orderId, services: 2, documents: [{ type: "invoice", id: o.document.id, number: o.document.number }] });
    expect(await state(o.orderId)).toEqual({
      order: "cancelled",
      services: ["cancelled", "cancelled"],
      options: ["cancelled", "cancelled"],
      documents: [[o.document.number, "cancelled", "0.00"]],
    });
    expect(await findCancellableOrder(o.ctx, { invoiceId: o.document.id })).toBeNull();
  });

  it("cancels an order raised as a proforma", async () => {
    await issueProformas(true);
    try {
      const o = await unpaidOrder();
      expect(o.document.type).toBe("proforma");
      expect(await findCancellableOrder(o.ctx, { proformaId: o.document.id })).toMatchObject({ documents: [{ type: "proforma", number: o.document.number }] });
      await cancelUnpaidOrder(o.ctx, { orderId: o.orderId });
      expect(await state(o.orderId)).toMatchObject({ order: "cancelled", services: ["cancelled", "cancelled"], documents: [[o.document.number, "cancelled", "0.00"]] });
    } finally {
      await issueProformas(false);
    }
  });

  it("refuses a paid, part-paid, in-flight, already cancelled or changing order, and another account's (404), changing nothing", async () => {
    const refusedWith = async (o: Awaited<ReturnType<typeof unpaidOrder>>, sentence: string, ctx = o.ctx) => {
      const before = await state(o.orderId);
      expect((await domainRefusal(cancelUnpaidOrder(ctx, { orderId: o.orderId }))).message).toBe(sentence);
      expect(await findCancellableOrder(ctx, { invoiceId: o.document.id })).toBeNull();
      expect(await state(o.orderId)).toEqual(before);
    };
    const payer = (o: Awaited<ReturnType<typeof unpaidOrder>>) => ({ db: t.db, now, actor: { accountId: o.customer.account.id, userId: o.customer.owner.id, isOwner: true } });

    const paid = await unpaidOrder("100.00");
    await payInvoiceFromCredit(payer(paid), { id: paid.document.id });
    await refusedWith(paid, ORDER_NOT_WAITING);

    const partPaid = await unpaidOrder("100.00");
    await payInvoiceFromCredit(payer(partPaid), { id: partPaid.document.id, amount: new Prisma.Decimal("1.00") });
    await refusedWith(partPaid, ORDER_PART_PAID);

    const charging = await unpaidOrder();
    const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: charging.document.id } });
    await t.db.payment.create({
      data: { accountId: invoice.accountId, invoiceId: invoice.id, purpose: "document", method: "card", amount: invoice.total, currency: invoice.currency, status: "processing", createdAt: now },
    });
    await refusedWith(charging, ORDER_PAYMENT_IN_PROGRESS);

    const twice = await unpaidOrder();
    await cancelUnpaidOrder(twice.ctx, { orderId: twice.orderId });
    await refusedWith(twice, ORDER_NOT_WAITING);

    const addon = await unpaidOrder();
    await t.db.order.update({ where: { id: addon.orderId }, data: { orderType: "addon" } });
    await refusedWith(addon, ORDER_NOT_NEW);

    const someoneElses = await unpaidOrder();
    const stranger = await makeCustomer(t.db);
    await refusedWith(someoneElses, ORDER_NOT_FOUND, { ...someoneElses.ctx, actor: { accountId: stranger.account.id } });
    expect((await domainRefusal(cancelUnpaidOrder(someoneElses.ctx, { orderId: "not-a-uuid" }))).kind).toBe("not_found");
  });

  it("of two cancellations at once, one cancels and the other is refused", async () => {
    const o = await unpaidOrder();
    const [a, b] = await Promise.allSettled([cancelUnpaidOrder(o.ctx, { orderId: o.orderId }), cancelUnpaidOrder(o.ctx, { orderId: o.orderId })]);
    const outcomes = [a, b].map((r) => (r.status === "fulfilled" ? "cancelled" : (r.reason as Error).message)).sort();
    expect(outcomes).toEqual([ORDER_NOT_WAITING, "cancelled"].sort());
    expect(await state(o.orderId)).toMatchObject({ order: "cancelled", services: ["cancelled", "cancelled"], documents: [[o.document.number, "cancelled", "0.00"]] });
  });

  it("a cancellation racing a payment of its invoice: one of them wins whole, the other is refused", async () => {
    for (let round = 0; round < 3; round++) {
      const o = await unpaidOrder("100.00");
      const pay = payInvoiceFromCredit({ db: t.db, now, actor: { accountId: o.customer.account.id, userId: o.customer.owner.id, isOwner: true } }, { id: o.document.id });
      const [cancel, paid] = await Promise.allSettled([cancelUnpaidOrder(o.ctx, { orderId: o.orderId }), pay]);
      const after = await state(o.orderId);
      if (cancel.status === "fulfilled") {
        expect(paid.status).toBe("rejected");
        expect(after).toMatchObject({ order: "cancelled", services: ["cancelled", "cancelled"], documents: [[o.document.number, "cancelled", "0.00"]] });
      } else {
        expect((cancel.reason as Error).message).toBe(ORDER_NOT_WAITING);
        expect(paid.status).toBe("fulfilled");
        expect(after).toMatchObject({ order: "paid", services: ["pending", "pending"] });
      }
    }
  });

  it("releases the units a reseller's unpaid order held against its cap", async () => {
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "invoice" }, update: { paymentMode: "invoice" } });
    const r = await makeReseller(t.db);
    await t.db.resellerProductCap.create({ data: { resellerId: r.profile.id, productId: product.id, maxUnits: 2 } });
    const order = (ref: string) =>
      placeOrder({ db: t.db, now, actor: { kind: "reseller", resellerId: r.profile.id } }, { items: [{ productId: product.id, billingCycle: "monthly", quantity: 2 }], externalOrderId: ref });
    const held = await order("first");
    expect(held.order.status).toBe("invoiced");
    await expect(order("over-the-cap")).rejects.toBeInstanceOf(QuantityLimitError);

    await cancelUnpaidOrder({ db: t.db, now, actor: { accountId: r.account.id } }, { orderId: held.order.id });
    expect((await order("after-cancelling")).order.status).toBe("invoiced");
  });

  it("refuses while a saved card is being charged for the order", async () => {
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "saved_method" }, update: { paymentMode: "saved_method" } });
    const s = await stalledCardOrder(t.db, { card: TEST_CARDS.success, productId: product.id, now });
    const ctx = { db: t.db, now, actor: { accountId: s.reseller.account.id } };
    expect((await domainRefusal(cancelUnpaidOrder(ctx, { orderId: s.orderId }))).message).toBe(ORDER_PAYMENT_IN_PROGRESS);
    s.release();
    expect((await s.request).order.status).toBe("paid");
    expect((await domainRefusal(cancelUnpaidOrder(ctx, { orderId: s.orderId }))).message).toBe(ORDER_NOT_WAITING);
  });
});
