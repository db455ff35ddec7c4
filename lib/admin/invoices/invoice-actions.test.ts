import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { describeAuditEntry } from "@/lib/audit/describe-audit-entry";
import { payInvoiceFromCredit } from "@/lib/billing/pay-invoice-from-credit";
import { ledgerSum, makeInvoice, makeProforma } from "@/lib/billing/testing/billing-factories";
import { Prisma } from "@/lib/generated/prisma/client";
import { ORDER_PART_PAID } from "@/lib/orders/cancel-unpaid-order";
import { placeOrder } from "@/lib/orders/place-order";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { makeCustomer, makeProduct, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { getAdminInvoiceOrThrow } from "./get-admin-invoice-or-throw";
import { markDocumentPaid, type MarkPaidContext } from "./mark-document-paid";
import { ALREADY_REFUNDED, ONLY_PAID_REFUNDED, refundInvoiceToCredit } from "./refund-invoice-to-credit";
import { ONLY_UNPAID_VOIDED, RENEWAL_NOT_VOIDED, voidDocument } from "./void-document";

// The console's actions on a document (docs/operator-console.md, "Invoices"): mark paid by bank
// transfer, void, refund to credit; each with its audit row in the same transaction.

let t: TestDb;
let operatorId: string;
let product: Awaited<ReturnType<typeof makeProduct>>;
const now = new Date("2026-06-01T10:00:00.000Z");

beforeAll(async () => {
  t = await createTestDb();
  operatorId = (await makeUser(t.db, { isOperator: true })).id;
  product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "20.00" } });
});
afterAll(async () => {
  await t?.close();
});

/** The operator's context; `provision` records every build asked for. */
function operator(provision = vi.fn(async (_ids: readonly string[]) => true)): MarkPaidContext & { provision: typeof provision } {
  return { db: t.db, now, actor: { userId: operatorId, ip: "203.0.113.9" }, provision };
}
const issueProformas = (on: boolean) => t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, issueProformas: on }, update: { issueProformas: on } });

/** A customer's unpaid order of two services, and its document (an invoice, or a proforma when proformas are issued first). */
async function unpaidOrder() {
  const c = await makeCustomer(t.db);
  const placed = await placeOrder(
    { db: t.db, now, actor: { kind: "customer", accountId: c.account.id, userId: c.owner.id } },
    { items: [{ productId: product.id, billingCycle: "monthly", quantity: 2 }] },
  );
  const services = await t.db.service.findMany({ where: { orderId: placed.order.id }, orderBy: { id: "asc" } });
  expect(services.map((s) => s.status)).toEqual(["pending_payment", "pending_payment"]);
  return { customer: c, orderId: placed.order.id, document: placed.document!, serviceIds: services.map((s) => s.id) };
}
const auditOf = (type: "invoice" | "proforma", id: string) => t.db.auditEntry.findMany({ where: { targetType: type, targetId: id }, orderBy: { createdAt: "asc" } });
const servicesOf = async (orderId: string) => (await t.db.service.findMany({ where: { orderId }, orderBy: { id: "asc" } })).map((s) => s.status);
const balanceOf = async (accountId: string) => (await t.db.clientAccount.findUniqueOrThrow({ where: { id: accountId } })).creditBalance;

describe("markDocumentPaid", () => {
  it("records the transfer and runs the document-paid path: payment, invoice paid, order activated and its services asked for once, even for two operators at once", async () => {
    await issueProformas(false);
    const o = await unpaidOrder();
    expect(o.document.type).toBe("invoice");
    const ctx = operator();
    const results = await Promise.allSettled([
      markDocumentPaid(ctx, { type: "invoice", id: o.document.id, reference: "  NL91ABNA-TRF-0001  " }),
      markDocumentPaid(ctx, { type: "invoice", id: o.document.id, reference: "NL91ABNA-TRF-0001" }),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected");
    expect([won.length, lost.length]).toEqual([1, 1]);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ kind: "conflict", message: "Invoice cannot be paid: it is already paid" });

    const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: o.document.id }, include: { payments: true } });
    expect(invoice).toMatchObject({ status: "paid", paidAt: now });
    expect(invoice.paidAmount.toFixed(2)).toBe(invoice.total.toFixed(2));
    expect(invoice.payments).toHaveLength(1);
    expect(invoice.payments[0]).toMatchObject({ method: "bank_transfer", status: "paid", purpose: "document", gatewayReference: "NL91ABNA-TRF-0001", orderId: o.orderId, accountId: o.customer.account.id });
    expect(invoice.payments[0]!.amount.toFixed(2)).toBe(invoice.total.toFixed(2));
    expect((await t.db.order.findUniqueOrThrow({ where: { id: o.orderId } })).status).toBe("paid");
    expect(await servicesOf(o.orderId)).toEqual(["pending", "pending"]);
    // The builds were asked for once, with both services.
    const asked = ctx.provision.mock.calls.map(([ids]) => [...ids]).filter((ids) => ids.length > 0);
    expect(asked).toEqual([o.serviceIds]);
    // What the customer's printed invoice shows.
    const shown = await getAdminInvoiceOrThrow(ctx, { type: "invoice", id: o.document.id });
    expect(shown.document.paidByBankTransfer.toFixed(2)).toBe(invoice.total.toFixed(2));
    expect(shown.payments).toMatchObject([{ method: "bank_transfer", reference: "NL91ABNA-TRF-0001" }]);

    const audit = await auditOf("invoice", o.document.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "invoice.marked_paid", actorUserId: operatorId, accountId: o.customer.account.id, ip: "203.0.113.9" });
    expect(audit[0]!.details).toMatchObject({ kind: "invoice", number: o.document.number, amount: invoice.total.toFixed(2), currency: "EUR", reference: "NL91ABNA-TRF-0001" });
    expect(describeAuditEntry(audit[0]!)).toBe(`${o.document.number} paid by bank transfer €${invoice.total.toFixed(2)}, reference NL91ABNA-TRF-0001.`);
  });

  it("pays a proforma: it becomes a paid invoice carrying the payment, and the order is activated", async () => {
    await issueProformas(true);
    try {
      const o = await unpaidOrder();
      expect(o.document.type).toBe("proforma");
      const ctx = operator();
      const r = await markDocumentPaid(ctx, { type: "proforma", id: o.document.id, reference: "SEPA-4471" });
      const proforma = await t.db.proforma.findUniqueOrThrow({ where: { id: o.document.id } });
      expect(proforma).toMatchObject({ status: "converted", invoiceId: r.invoice.id });
      const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: r.invoice.id }, include: { payments: true } });
      expect(invoice).toMatchObject({ status: "paid", orderId: o.orderId });
      expect(invoice.payments.map((p) => [p.method, p.gatewayReference, p.proformaId])).toEqual([["bank_transfer", "SEPA-4471", o.document.id]]);
      expect((await t.db.order.findUniqueOrThrow({ where: { id: o.orderId } })).status).toBe("paid");
      expect(await servicesOf(o.orderId)).toEqual(["pending", "pending"]);
      expect(ctx.provision.mock.calls.map(([ids]) => [...ids])).toEqual([o.serviceIds]);
      const [entry] = await auditOf("proforma", o.document.id);
      expect(describeAuditEntry(entry!)).toContain(`Invoice ${invoice.number} issued.`);
      // Paid once: a converted proforma is refused.
      expect((await domainRefusal(markDocumentPaid(ctx, { type: "proforma", id: o.document.id, reference: "SEPA-4471" }))).message).toBe(
        "Proforma cannot be paid: it has already been converted to an invoice",
      );
    } finally {
      await issueProformas(false);
    }
  });

  it("pays what is left of a part-paid invoice; refuses a blank or over-long reference, a cancelled document and a card charge in flight, writing nothing", async () => {
    const c = await makeCustomer(t.db, { credit: "4" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }] });
    await payInvoiceFromCredit({ db: t.db, now, actor: { accountId: c.account.id, userId: c.owner.id, isOwner: true } }, { id: invoice.id, amount: new Prisma.Decimal("4.00") });

    const blank = await domainRefusal(markDocumentPaid(operator(), { type: "invoice", id: invoice.id, reference: "   " }));
    expect(blank.details).toEqual([{ field: "reference", message: "Enter the bank reference." }]);
    const long = await domainRefusal(markDocumentPaid(operator(), { type: "invoice", id: invoice.id, reference: "x".repeat(101) }));
    expect(long.details).toEqual([{ field: "reference", message: "The bank reference is at most 100 characters." }]);
    const inFlight = await t.db.payment.create({
      data: { accountId: c.account.id, invoiceId: invoice.id, purpose: "document", method: "card", amount: new Prisma.Decimal("6.00"), currency: "EUR", status: "processing" },
    });
    expect((await domainRefusal(markDocumentPaid(operator(), { type: "invoice", id: invoice.id, reference: "TRF-1" }))).kind).toBe("conflict");
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id, method: "bank_transfer" } })).toBe(0);
    expect(await auditOf("invoice", invoice.id)).toEqual([]);

    await t.db.payment.update({ where: { id: inFlight.id }, data: { status: "failed" } });
    const r = await markDocumentPaid(operator(), { type: "invoice", id: invoice.id, reference: "x".repeat(100) });
    expect(r.amount.toFixed(2)).toBe("6.00");
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("paid");

    const cancelled = await makeInvoice(t.db, { accountId: c.account.id });
    await t.db.invoice.update({ where: { id: cancelled.id }, data: { status: "cancelled" } });
    expect((await domainRefusal(markDocumentPaid(operator(), { type: "invoice", id: cancelled.id, reference: "TRF-2" }))).message).toBe("Invoice cannot be paid: it is cancelled");
    expect((await domainRefusal(markDocumentPaid(operator(), { type: "invoice", id: "not-an-id", reference: "TRF-2" }))).kind).toBe("not_found");
  });
});

describe("voidDocument", () => {
  it("voids an unpaid order's invoice by cancelling the order with the customer's rules; a second void is refused", async () => {
    await issueProformas(false);
    const o = await unpaidOrder();
    const r = await voidDocument(operator(), { type: "invoice", id: o.document.id, reason: "Customer ordered twice" });
    expect(r.order).toMatchObject({ orderId: o.orderId, services: 2 });
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: o.document.id } })).status).toBe("cancelled");
    expect((await t.db.order.findUniqueOrThrow({ where: { id: o.orderId } })).status).toBe("cancelled");
    expect(await servicesOf(o.orderId)).toEqual(["cancelled", "cancelled"]);
    const audit = await auditOf("invoice", o.document.id);
    expect(audit.map((a) => a.action)).toEqual(["invoice.voided"]);
    expect(audit[0]!.details).toMatchObject({ reason: "Customer ordered twice", orderNumber: r.order!.orderNumber, servicesCancelled: 2 });
    expect(describeAuditEntry(audit[0]!)).toBe(`${o.document.number} voided: Customer ordered twice. Order ${r.order!.orderNumber} cancelled with it.`);

    expect((await domainRefusal(voidDocument(operator(), { type: "invoice", id: o.document.id, reason: "again" }))).message).toBe(ONLY_UNPAID_VOIDED);
    expect(await auditOf("invoice", o.document.id)).toHaveLength(1);
  });

  it("refuses an order's document part-paid (the order's rule), a paid one, a renewal's, and a blank reason", async () => {
    const o = await unpaidOrder();
    await t.db.invoice.update({ where: { id: o.document.id }, data: { paidAmount: new Prisma.Decimal("1.00") } });
    expect((await domainRefusal(voidDocument(operator(), { type: "invoice", id: o.document.id, reason: "Duplicate" }))).message).toBe(ORDER_PART_PAID);
    expect(await servicesOf(o.orderId)).toEqual(["pending_payment", "pending_payment"]);

    const c = await makeCustomer(t.db);
    const paid = await makeInvoice(t.db, { accountId: c.account.id });
    await t.db.invoice.update({ where: { id: paid.id }, data: { status: "paid", paidAmount: paid.total } });
    expect((await domainRefusal(voidDocument(operator(), { type: "invoice", id: paid.id, reason: "Duplicate" }))).message).toBe(ONLY_UNPAID_VOIDED);

    const service = await t.db.service.findFirstOrThrow({ where: { orderId: o.orderId } });
    const renewal = await makeInvoice(t.db, { accountId: c.account.id });
    await t.db.serviceRenewal.create({ data: { serviceId: service.id, periodStart: now, periodEnd: new Date("2026-07-01T10:00:00Z"), source: "nightly", invoiceId: renewal.id } });
    expect((await domainRefusal(voidDocument(operator(), { type: "invoice", id: renewal.id, reason: "Goodwill" }))).message).toBe(RENEWAL_NOT_VOIDED);

    expect((await domainRefusal(voidDocument(operator(), { type: "invoice", id: paid.id, reason: " " }))).details).toEqual([{ field: "reason", message: "Enter the reason." }]);
    expect(await t.db.auditEntry.count({ where: { targetId: { in: [o.document.id, paid.id, renewal.id] } } })).toBe(0);
  });

  it("voids a document of no order under its lock: a proforma cancelled, nothing else touched", async () => {
    const c = await makeCustomer(t.db);
    const proforma = await makeProforma(t.db, { accountId: c.account.id });
    const [a, b] = await Promise.allSettled([
      voidDocument(operator(), { type: "proforma", id: proforma.id, reason: "Raised by mistake" }),
      voidDocument(operator(), { type: "proforma", id: proforma.id, reason: "Raised by mistake" }),
    ]);
    expect([a.status, b.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect((await t.db.proforma.findUniqueOrThrow({ where: { id: proforma.id } })).status).toBe("cancelled");
    expect(await auditOf("proforma", proforma.id)).toHaveLength(1);
  });
});

describe("refundInvoiceToCredit", () => {
  it("gives what was paid back as one refund ledger row, the balance equal to the ledger's sum, the invoice refunded; a second refund is refused", async () => {
    const c = await makeCustomer(t.db, { credit: "30" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }], vatRate: "21" });
    await payInvoiceFromCredit({ db: t.db, now, actor: { accountId: c.account.id, userId: c.owner.id, isOwner: true } }, { id: invoice.id });
    expect((await balanceOf(c.account.id)).toFixed(2)).toBe("17.90");

    const results = await Promise.allSettled([
      refundInvoiceToCredit(operator(), { id: invoice.id, reason: "Service never delivered" }),
      refundInvoiceToCredit(operator(), { id: invoice.id, reason: "Service never delivered" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ kind: "conflict", message: ALREADY_REFUNDED });

    const refunds = await t.db.creditLedgerEntry.findMany({ where: { invoiceId: invoice.id, kind: "refund" } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount.toFixed(2)).toBe("12.10");
    expect(refunds[0]!.description).toBe(`Refund of invoice ${invoice.number}: Service never delivered`);
    expect((await balanceOf(c.account.id)).toFixed(2)).toBe("30.00");
    expect((await ledgerSum(t.db, c.account.id)).toFixed(2)).toBe("30.00");
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("refunded");

    const audit = await auditOf("invoice", invoice.id);
    expect(audit.map((a) => a.action)).toEqual(["invoice.refunded"]);
    expect(audit[0]!.details).toMatchObject({ amount: "12.10", currency: "EUR", balanceAfter: "30.00", reason: "Service never delivered", ledgerEntryId: refunds[0]!.id });
    expect(describeAuditEntry(audit[0]!)).toBe(`${invoice.number}: €12.10 back to credit (balance €30.00): Service never delivered.`);

    expect((await domainRefusal(refundInvoiceToCredit(operator(), { id: invoice.id, reason: "again" }))).message).toBe(ALREADY_REFUNDED);
    expect(await t.db.creditLedgerEntry.count({ where: { invoiceId: invoice.id, kind: "refund" } })).toBe(1);
  });

  it("refuses an unpaid invoice and a blank reason, writing nothing", async () => {
    const c = await makeCustomer(t.db);
    const invoice = await makeInvoice(t.db, { accountId: c.account.id });
    expect((await domainRefusal(refundInvoiceToCredit(operator(), { id: invoice.id, reason: "Goodwill" }))).message).toBe(ONLY_PAID_REFUNDED);
    expect((await domainRefusal(refundInvoiceToCredit(operator(), { id: invoice.id, reason: "" }))).details).toEqual([{ field: "reason", message: "Enter the reason." }]);
    expect(await t.db.creditLedgerEntry.count({ where: { accountId: c.account.id } })).toBe(0);
    expect(await auditOf("invoice", invoice.id)).toEqual([]);
  });
});
