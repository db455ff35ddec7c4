import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAdminInvoiceOrThrow } from "@/lib/admin/invoices/get-admin-invoice-or-throw";
import { ALREADY_REFUNDED, refundInvoiceToCredit } from "@/lib/admin/invoices/refund-invoice-to-credit";
import { placeOrder } from "@/lib/orders/place-order";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { makeCustomer, makeProduct, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { getInvoiceOrThrow } from "./get-billing-document-or-throw";
import { getInvoiceDocumentOrThrow } from "./get-invoice-document-or-throw";
import { closingRows, relatedDocumentNote } from "./invoice-document-labels";
import { payInvoiceFromCredit } from "./pay-invoice-from-credit";
import { refundUnbuiltService } from "./refund-unbuilt-service";
import { renderInvoicePdf } from "./render-invoice-pdf";
import { ledgerSum, makeInvoice } from "./testing/billing-factories";

// Credit notes (docs/billing.md "Credit notes"): every refund of money paid on an invoice comes with a
// numbered document in the same transaction, its net and VAT adding up to the refund exactly.

let t: TestDb;
let operatorId: string;
const now = new Date("2026-07-01T09:00:00.000Z");
const operator = () => ({ db: t.db, now, actor: { userId: operatorId, ip: null } });

beforeAll(async () => {
  t = await createTestDb();
  operatorId = (await makeUser(t.db, { isOperator: true })).id;
});
afterAll(async () => {
  await t?.close();
});

/** A customer with credit who paid an invoice of `lines` at `vatRate` from it. */
async function paidInvoice(lines: string[], vatRate: string) {
  const c = await makeCustomer(t.db, { credit: "500" });
  const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: lines.map((amount) => ({ amount })), vatRate });
  await payInvoiceFromCredit({ db: t.db, now, actor: { accountId: c.account.id, userId: c.owner.id, isOwner: true } }, { id: invoice.id });
  return { c, invoice };
}

describe("credit notes", () => {
  it("an invoice refund issues one numbered credit note: net and VAT at the invoice's rate, adding up to the refund; the sheet and the PDF show it", async () => {
    const { c, invoice } = await paidInvoice(["10.00", "5.33"], "21");
    const refund = await refundInvoiceToCredit(operator(), { id: invoice.id, reason: "Outage credit" });
    expect(refund.amount.toFixed(2)).toBe("18.55");

    const note = await t.db.creditNote.findUniqueOrThrow({ where: { id: refund.creditNote.id } });
    expect(note.number).toMatch(/^CN-2026-\d{6}$/);
    expect(note).toMatchObject({ accountId: c.account.id, invoiceId: invoice.id, ledgerEntryId: refund.ledgerEntryId, currency: "EUR", description: `Refund of invoice ${invoice.number}: Outage credit` });
    // 18.55 / 1.21 = 15.3305… → 15.33 net, the VAT is the rest: never a cent more or less than the refund.
    expect([note.subtotal.toFixed(2), note.vatRate.toFixed(2), note.vatAmount.toFixed(2), note.total.toFixed(2)]).toEqual(["15.33", "21.00", "3.22", "18.55"]);
    expect(note.subtotal.plus(note.vatAmount).toFixed(4)).toBe(note.total.toFixed(4));
    expect((await ledgerSum(t.db, c.account.id)).toFixed(2)).toBe("500.00");

    const sheet = await getInvoiceDocumentOrThrow({ db: t.db, now, actor: { accountId: c.account.id } }, { type: "credit_note", id: note.id });
    expect(sheet).toMatchObject({ type: "credit_note", number: note.number, dueDate: null, paidAt: null, related: { type: "invoice", id: invoice.id, number: invoice.number } });
    expect(sheet.lines.map((l) => [l.description, l.quantity, l.amount.toFixed(2)])).toEqual([[note.description, 1, "15.33"]]);
    expect(sheet.vatLines.map((v) => [v.ratePercent.toFixed(0), v.base.toFixed(2), v.amount.toFixed(2)])).toEqual([["21", "15.33", "3.22"]]);
    expect(relatedDocumentNote(sheet)).toBe(`Credits invoice ${invoice.number}; the amount went to the account's credit balance`);
    expect(closingRows(sheet, (v) => `€${v.toString()}`).map((r) => [r.label, r.value])).toEqual([["Credited to the account", "€18.55"]]);
    const pdf = await renderInvoicePdf(sheet, { now });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(`Credit note ${note.number}`);

    // The operator's invoice page lists it; another account cannot read it.
    expect((await getAdminInvoiceOrThrow(operator(), { type: "invoice", id: invoice.id })).creditNotes.map((n) => n.number)).toEqual([note.number]);
    const other = await makeCustomer(t.db);
    expect((await domainRefusal(getInvoiceDocumentOrThrow({ db: t.db, now, actor: { accountId: other.account.id } }, { type: "credit_note", id: note.id }))).message).toBe("Credit note not found");
    // The customer's invoice page lists it too.
    expect((await getInvoiceOrThrow({ db: t.db, now, actor: { accountId: c.account.id } }, { id: invoice.id })).creditNotes.map((n) => n.id)).toEqual([note.id]);
  });

  it("refunds of different invoices at once get distinct, consecutive numbers", async () => {
    const invoices = await Promise.all([1, 2, 3, 4].map(() => paidInvoice(["4.00"], "0")));
    const refunds = await Promise.all(invoices.map(({ invoice }) => refundInvoiceToCredit(operator(), { id: invoice.id, reason: "Goodwill" })));
    const numbers = refunds.map((r) => Number(r.creditNote.number.slice(-6))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(4);
    expect(numbers[3]! - numbers[0]!).toBe(3);
  });

  it("a service that could not be built gets a credit note against its order's paid invoice; the invoice refund credits only what is left; together they add up to what was paid", async () => {
    const product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "20.00" } });
    const c = await makeCustomer(t.db, { credit: "100" });
    const placed = await placeOrder({ db: t.db, now, actor: { kind: "customer", accountId: c.account.id, userId: c.owner.id } }, { items: [{ productId: product.id, billingCycle: "monthly", quantity: 2 }] });
    const invoiceId = placed.document!.id;
    await payInvoiceFromCredit({ db: t.db, now, actor: { accountId: c.account.id, userId: c.owner.id, isOwner: true } }, { id: invoiceId });
    const paid = (await t.db.invoice.findUniqueOrThrow({ where: { id: invoiceId } })).paidAmount;
    const [first] = await t.db.service.findMany({ where: { orderId: placed.order.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

    const refund = await t.db.$transaction((tx) => refundUnbuiltService(tx, { serviceId: first!.id, at: now }));
    if (!refund.refunded) throw new Error(`expected a refund, got ${refund.reason}`);
    expect(refund.creditNote).not.toBeNull();
    const serviceNote = await t.db.creditNote.findUniqueOrThrow({ where: { id: refund.creditNote!.id } });
    expect([serviceNote.invoiceId, serviceNote.ledgerEntryId, serviceNote.total.toFixed(2)]).toEqual([invoiceId, refund.ledgerEntryId, refund.amount.toFixed(2)]);

    const rest = await refundInvoiceToCredit(operator(), { id: invoiceId, reason: "Order abandoned" });
    const notes = await t.db.creditNote.findMany({ where: { invoiceId } });
    expect(notes).toHaveLength(2);
    expect(notes.reduce((s, n) => s.plus(n.total), paid.minus(paid)).toFixed(2)).toBe(paid.toFixed(2));
    expect(rest.amount.plus(refund.amount).toFixed(2)).toBe(paid.toFixed(2));
    expect((await domainRefusal(refundInvoiceToCredit(operator(), { id: invoiceId, reason: "again" }))).message).toBe(ALREADY_REFUNDED);
  });

  it("after the operator refunded the order's invoice, a service whose build then fails gets nothing more (and no second note)", async () => {
    const product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "15.00" } });
    const c = await makeCustomer(t.db, { credit: "100" });
    const placed = await placeOrder({ db: t.db, now, actor: { kind: "customer", accountId: c.account.id, userId: c.owner.id } }, { items: [{ productId: product.id, billingCycle: "monthly", quantity: 1 }] });
    const invoiceId = placed.document!.id;
    await payInvoiceFromCredit({ db: t.db, now, actor: { accountId: c.account.id, userId: c.owner.id, isOwner: true } }, { id: invoiceId });
    await refundInvoiceToCredit(operator(), { id: invoiceId, reason: "Refunded before set-up" });
    const service = await t.db.service.findFirstOrThrow({ where: { orderId: placed.order.id } });

    const again = await t.db.$transaction((tx) => refundUnbuiltService(tx, { serviceId: service.id, at: now }));
    expect(again).toEqual({ refunded: false, reason: "already_refunded", detail: null });
    expect(await t.db.creditNote.count({ where: { invoiceId } })).toBe(1);
    expect((await ledgerSum(t.db, c.account.id)).toFixed(2)).toBe("100.00");
  });
});
