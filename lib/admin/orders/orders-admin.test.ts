import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { describeAuditEntry } from "@/lib/audit/describe-audit-entry";
import { ledgerSum } from "@/lib/billing/testing/billing-factories";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { Prisma } from "@/lib/generated/prisma/client";
import { ORDER_NOT_NEW } from "@/lib/orders/cancel-unpaid-order";
import { placeOrder } from "@/lib/orders/place-order";
import { ORDER_NOT_FOUND } from "@/lib/orders/retry-order-payment";
import * as steps from "@/lib/services/provisioning/provisioning-steps";
import { makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { makeCustomer, makeProduct, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { markDocumentPaid } from "../invoices/mark-document-paid";
import { REFUNDED_BY_SERVICE, refundInvoiceToCredit } from "../invoices/refund-invoice-to-credit";
import { cancelOrderWithRefund } from "./cancel-order-with-refund";
import { getAdminOrderOrThrow } from "./get-admin-order-or-throw";
import { listAdminOrders } from "./list-admin-orders";
import { ORDER_ALREADY_CANCELLED, ORDER_DELIVERED, ORDER_SERVICE_INSTALLING } from "./operator-cancel-refusal";
import { ORDER_RETRY_NOTHING_FAILED, retryOrderProvisioning } from "./retry-order-provisioning";

// The console's orders (docs/operator-console.md "Orders"): the list and its filters, one order,
// cancelling with a refund to credit, retrying a failed setup.

let t: TestDb;
let operatorId: string;
let product: Awaited<ReturnType<typeof makeProduct>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
const now = new Date("2026-06-01T10:00:00.000Z");

beforeAll(async () => {
  t = await createTestDb();
  operatorId = (await makeUser(t.db, { isOperator: true })).id;
  product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "20.00" } });
  site = await makeVpsSite(t.db);
});
afterAll(async () => {
  await t?.close();
});

const operator = () => ({ db: t.db, now, actor: { userId: operatorId, ip: "203.0.113.9" }, provision: vi.fn(async () => true) });

/** A customer's order of two €20 services, waiting for its invoice to be paid. */
async function unpaidOrder(quantity = 2, at = now) {
  const c = await makeCustomer(t.db);
  const placed = await placeOrder({ db: t.db, now: at, actor: { kind: "customer", accountId: c.account.id, userId: c.owner.id } }, { items: [{ productId: product.id, billingCycle: "monthly", quantity }] });
  return { customer: c, orderId: placed.order.id, orderNumber: placed.order.orderNumber, invoiceId: placed.document!.id };
}
/** The same order paid by bank transfer: its services are waiting to be set up. */
async function paidOrder(at = now) {
  const o = await unpaidOrder(2, at);
  await markDocumentPaid(operator(), { type: "invoice", id: o.invoiceId, reference: "TRF-1" });
  return o;
}
const servicesOf = async (orderId: string) => (await t.db.service.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((s) => s.status);
const refundsOf = async (accountId: string) => (await t.db.creditLedgerEntry.findMany({ where: { accountId, kind: "refund" }, orderBy: { createdAt: "asc" } })).map((r) => r.amount.toFixed(2));
const balanceOf = async (accountId: string) => (await t.db.clientAccount.findUniqueOrThrow({ where: { id: accountId } })).creditBalance.toFixed(2);

describe("listAdminOrders", () => {
  it("lists every account's orders newest first and narrows them by status, type, source and a search of the number or the customer", async () => {
    // Placed later than every other order of this file, b after a: newest first puts them first.
    const a = await unpaidOrder(1, new Date("2026-06-02T10:00:00.000Z"));
    const b = await paidOrder(new Date("2026-06-02T11:00:00.000Z"));
    const owner = await t.db.user.findUniqueOrThrow({ where: { id: b.customer.owner.id } });

    const all = await listAdminOrders(operator(), {});
    expect(all.rows.map((r) => r.id).slice(0, 2)).toEqual([b.orderId, a.orderId]);
    expect(all.rows.find((r) => r.id === b.orderId)).toMatchObject({ orderNumber: b.orderNumber, orderType: "new", status: "paid", services: 2, reseller: null, currency: "EUR" });

    const invoiced = await listAdminOrders(operator(), { status: "invoiced" });
    expect(invoiced.rows.every((r) => r.status === "invoiced")).toBe(true);
    expect(invoiced.rows.map((r) => r.id)).toContain(a.orderId);
    expect(invoiced.rows.map((r) => r.id)).not.toContain(b.orderId);

    expect((await listAdminOrders(operator(), { q: b.orderNumber.toLowerCase() })).rows.map((r) => r.id)).toEqual([b.orderId]);
    expect((await listAdminOrders(operator(), { q: owner.email.toUpperCase() })).rows.map((r) => r.id)).toEqual([b.orderId]);
    expect((await listAdminOrders(operator(), { source: "reseller" })).rows).toEqual([]);
    expect((await listAdminOrders(operator(), { type: "renewal" })).rows).toEqual([]);
    // Unknown values are no filter, never an error.
    const loose = await listAdminOrders(operator(), { status: "bogus", type: "x", source: "y" });
    expect(loose.filters).toEqual({ status: null, type: null, source: null, q: null });
    expect(loose.total).toBe(all.total);
  });
});

describe("getAdminOrderOrThrow", () => {
  it("reads one order with its lines, services, documents and payments; 404 for an unknown or malformed id", async () => {
    const o = await paidOrder();
    const order = await getAdminOrderOrThrow(operator(), { orderId: o.orderId });
    expect(order).toMatchObject({ orderNumber: o.orderNumber, status: "paid", can: { retry: false, cancel: true }, cancelRefusal: null });
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ quantity: 2, product: { id: product.id } });
    expect(order.services.map((s) => s.status)).toEqual(["pending", "pending"]);
    expect(order.invoices.map((d) => [d.id, d.status])).toEqual([[o.invoiceId, "paid"]]);
    expect(order.payments.map((p) => [p.method, p.status, p.gatewayReference])).toEqual([["bank_transfer", "paid", "TRF-1"]]);
    for (const orderId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(await domainRefusal(getAdminOrderOrThrow(operator(), { orderId }))).toMatchObject({ kind: "not_found", message: ORDER_NOT_FOUND });
    }
  });
});

describe("cancelOrderWithRefund", () => {
  it("cancels an unpaid order as the customer's own cancellation does: documents and services cancelled, nothing refunded, the audit row; a second is refused", async () => {
    const o = await unpaidOrder();
    const done = await cancelOrderWithRefund(operator(), { orderId: o.orderId, reason: "Duplicate order" });
    expect(done).toMatchObject({ mode: "unpaid", services: 2, byHand: null });
    expect(done.refunded.toFixed(2)).toBe("0.00");
    expect(await servicesOf(o.orderId)).toEqual(["cancelled", "cancelled"]);
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: o.invoiceId } })).status).toBe("cancelled");
    expect((await t.db.order.findUniqueOrThrow({ where: { id: o.orderId } })).status).toBe("cancelled");
    expect(await refundsOf(o.customer.account.id)).toEqual([]);
    const audit = await t.db.auditEntry.findMany({ where: { targetType: "order", targetId: o.orderId } });
    expect(audit.map((a) => [a.action, a.accountId, a.actorUserId])).toEqual([["order.cancelled", o.customer.account.id, operatorId]]);
    expect(describeAuditEntry(audit[0]!)).toBe(`${o.orderNumber} cancelled: Duplicate order.`);
    expect((await domainRefusal(cancelOrderWithRefund(operator(), { orderId: o.orderId, reason: "again" }))).message).toBe(ORDER_ALREADY_CANCELLED);
  });

  it("stops a paid order's unbuilt services and gives back what was paid, once, even for two operators at once; the invoice says refunded", async () => {
    const o = await paidOrder();
    const results = await Promise.allSettled([
      cancelOrderWithRefund(operator(), { orderId: o.orderId, reason: "Customer changed their mind" }),
      cancelOrderWithRefund(operator(), { orderId: o.orderId, reason: "Customer changed their mind" }),
    ]);
    const won = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof cancelOrderWithRefund>>> => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ kind: "conflict", message: ORDER_ALREADY_CANCELLED });
    const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: o.invoiceId } });
    expect(won[0]!.value).toMatchObject({ mode: "paid", services: 2, currency: "EUR", byHand: null });
    expect(won[0]!.value.refunded.toFixed(2)).toBe(invoice.paidAmount.toFixed(2));

    expect(await servicesOf(o.orderId)).toEqual(["cancelled", "cancelled"]);
    expect(invoice.status).toBe("refunded");
    const accountId = o.customer.account.id;
    // One row per service, adding up to what was paid; the balance is the ledger's sum.
    const split = invoice.paidAmount.dividedBy(2).toFixed(2);
    expect(await refundsOf(accountId)).toEqual([split, split]);
    expect(await balanceOf(accountId)).toBe(invoice.paidAmount.toFixed(2));
    expect((await ledgerSum(t.db, accountId)).toFixed(2)).toBe(await balanceOf(accountId));
    const rows = await t.db.creditLedgerEntry.findMany({ where: { accountId, kind: "refund" } });
    expect(rows.every((r) => r.orderId === o.orderId && r.serviceId !== null && r.description.includes(`order ${o.orderNumber} cancelled`))).toBe(true);
    // The invoice cannot be refunded a second time.
    expect(await domainRefusal(refundInvoiceToCredit(operator(), { id: o.invoiceId, reason: "again" }))).toMatchObject({ kind: "conflict" });
    expect(await refundsOf(accountId)).toHaveLength(2);
  });

  it("refunds only what a failed build did not give back already; the invoice's refund then refunds nothing twice", async () => {
    const o = await paidOrder();
    const [first] = await t.db.service.findMany({ where: { orderId: o.orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    // The first service's build fails: it is refunded its share then.
    await t.db.service.update({ where: { id: first!.id }, data: { status: "installing" } });
    await steps.markProvisioningFailed(testContext(t.db), first!.id, { ok: false, code: "capacity", detail: "no room", stage: "allocate" });
    const accountId = o.customer.account.id;
    const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: o.invoiceId } });
    const half = invoice.paidAmount.dividedBy(2).toFixed(2);
    expect(await refundsOf(accountId)).toEqual([half]);

    // Refunding the invoice now gives back the rest only.
    const refunded = await refundInvoiceToCredit(operator(), { id: o.invoiceId, reason: "Goodwill" });
    expect(refunded.amount.toFixed(2)).toBe(invoice.paidAmount.minus(half).toFixed(2));
    expect(await balanceOf(accountId)).toBe(invoice.paidAmount.toFixed(2));
    expect((await ledgerSum(t.db, accountId)).toFixed(2)).toBe(await balanceOf(accountId));
  });

  it("refuses the invoice's refund when every service of its order got its share back when its build failed", async () => {
    const o = await paidOrder();
    for (const s of await t.db.service.findMany({ where: { orderId: o.orderId } })) {
      await t.db.service.update({ where: { id: s.id }, data: { status: "installing" } });
      await steps.markProvisioningFailed(testContext(t.db), s.id, { ok: false, code: "capacity", detail: "no room", stage: "allocate" });
    }
    const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: o.invoiceId } });
    expect(await balanceOf(o.customer.account.id)).toBe(invoice.paidAmount.toFixed(2));
    expect(await domainRefusal(refundInvoiceToCredit(operator(), { id: o.invoiceId, reason: "Goodwill" }))).toMatchObject({ kind: "conflict", message: REFUNDED_BY_SERVICE });
    expect(await refundsOf(o.customer.account.id)).toHaveLength(2);
  });

  it("gives nothing more for a service refunded when its build failed, and the rest for the other", async () => {
    const o = await paidOrder();
    const [first] = await t.db.service.findMany({ where: { orderId: o.orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    await t.db.service.update({ where: { id: first!.id }, data: { status: "installing" } });
    await steps.markProvisioningFailed(testContext(t.db), first!.id, { ok: false, code: "capacity", detail: "no room", stage: "allocate" });
    const accountId = o.customer.account.id;
    const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: o.invoiceId } });

    const done = await cancelOrderWithRefund(operator(), { orderId: o.orderId, reason: "No capacity" });
    expect(done.services).toBe(2);
    expect(done.refunded.toFixed(2)).toBe(invoice.paidAmount.dividedBy(2).toFixed(2));
    expect(await servicesOf(o.orderId)).toEqual(["cancelled", "cancelled"]);
    expect(await balanceOf(accountId)).toBe(invoice.paidAmount.toFixed(2));
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: o.invoiceId } })).status).toBe("refunded");
    expect((await domainRefusal(refundInvoiceToCredit(operator(), { id: o.invoiceId, reason: "x" }))).kind).toBe("conflict");
  });

  it("settles a cancellation racing a failing build: no deadlock, the services cancelled, what was paid given back once", async () => {
    for (let round = 0; round < 20; round++) {
      const o = await paidOrder();
      const [first] = await t.db.service.findMany({ where: { orderId: o.orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
      const [cancel, fail] = await Promise.allSettled([
        cancelOrderWithRefund(operator(), { orderId: o.orderId, reason: "Race" }),
        steps.markProvisioningFailed(testContext(t.db), first!.id, { ok: false, code: "capacity", detail: "no room", stage: "allocate" }),
      ]);
      // Whichever runs first, both answer (a deadlock would reject one with a database error).
      expect(cancel.status, String((cancel as PromiseRejectedResult).reason)).toBe("fulfilled");
      expect(fail.status, String((fail as PromiseRejectedResult).reason)).toBe("fulfilled");
      expect(await servicesOf(o.orderId)).toEqual(["cancelled", "cancelled"]);
      const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: o.invoiceId } });
      expect(await balanceOf(o.customer.account.id)).toBe(invoice.paidAmount.toFixed(2));
      expect(await refundsOf(o.customer.account.id)).toHaveLength(2);
    }
  });

  it("refuses an order with a service being set up or delivered, an add-on order and a blank reason, writing nothing", async () => {
    const o = await paidOrder();
    const [first] = await t.db.service.findMany({ where: { orderId: o.orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    await t.db.service.update({ where: { id: first!.id }, data: { status: "installing" } });
    expect((await domainRefusal(cancelOrderWithRefund(operator(), { orderId: o.orderId, reason: "r" }))).message).toBe(ORDER_SERVICE_INSTALLING);
    await t.db.service.update({ where: { id: first!.id }, data: { status: "active" } });
    expect((await domainRefusal(cancelOrderWithRefund(operator(), { orderId: o.orderId, reason: "r" }))).message).toBe(ORDER_DELIVERED);
    expect((await getAdminOrderOrThrow(operator(), { orderId: o.orderId })).cancelRefusal).toBe(ORDER_DELIVERED);
    expect((await domainRefusal(cancelOrderWithRefund(operator(), { orderId: o.orderId, reason: "  " }))).details).toEqual([{ field: "reason", message: "Enter the reason." }]);
    await t.db.order.update({ where: { id: o.orderId }, data: { orderType: "addon" } });
    expect((await domainRefusal(cancelOrderWithRefund(operator(), { orderId: o.orderId, reason: "r" }))).message).toBe(ORDER_NOT_NEW);

    expect(await servicesOf(o.orderId)).toEqual(["active", "pending"]);
    expect(await refundsOf(o.customer.account.id)).toEqual([]);
    expect(await t.db.auditEntry.count({ where: { targetType: "order", targetId: o.orderId } })).toBe(0);
  });
});

describe("retryOrderProvisioning", () => {
  it("asks again for the failed setup of the order's services, with an audit row on the order and on each service; nothing failed → refused", async () => {
    const { account } = await makeCustomer(t.db);
    const made = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, hostname: "ord-retry.example.com" });
    await t.db.payment.create({ data: { accountId: account.id, orderId: made.order.id, method: "card", amount: new Prisma.Decimal("12.00"), currency: "EUR", status: "paid" } });
    await steps.markProvisioningFailed(testContext(t.db), made.service.id, { ok: false, code: "capacity", detail: "no room", stage: "allocate" });
    expect((await getAdminOrderOrThrow(operator(), { orderId: made.order.id })).can.retry).toBe(true);

    const retried = await retryOrderProvisioning(operator(), { orderId: made.order.id });
    expect(retried).toEqual({ orderNumber: made.order.orderNumber, retried: [made.service.id], refused: [] });
    expect((await t.db.service.findUniqueOrThrow({ where: { id: made.service.id } })).status).toBe("pending");
    const audit = await t.db.auditEntry.findMany({ where: { accountId: account.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.targetType])).toEqual([
      ["service.provisioning_retried", "service"],
      ["order.provisioning_retried", "order"],
    ]);
    expect(describeAuditEntry(audit[1]!)).toBe(`${made.order.orderNumber}: setup asked for again (ord-retry.example.com).`);
    expect((await domainRefusal(retryOrderProvisioning(operator(), { orderId: made.order.id }))).message).toBe(ORDER_RETRY_NOTHING_FAILED);
  });
});
