import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeInvoice, makeProforma } from "@/lib/billing/testing/billing-factories";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { getAdminInvoiceOrThrow } from "./get-admin-invoice-or-throw";
import { INVOICES_PAGE_SIZE, listAdminInvoices } from "./list-admin-invoices";

// The console's invoice list and document page (docs/operator-console.md, "Invoices").

let t: TestDb;
let operatorId: string;
const now = new Date("2026-05-01T12:00:00Z");
const ctx = () => ({ db: t.db, now, actor: { userId: operatorId } });
const day = (n: number) => new Date(Date.parse("2026-04-01T09:00:00Z") + n * 86_400_000);

beforeAll(async () => {
  t = await createTestDb();
  operatorId = (await makeUser(t.db, { isOperator: true })).id;
});
afterAll(async () => {
  await t.close();
});

/** A customer named `name` (and `company`) with an unpaid invoice issued on day 0 (due day 7), a paid one on day 30, a proforma on day 29. */
async function ledgerOf(name: string, company: string | null = null) {
  const c = await makeCustomer(t.db);
  await t.db.clientAccount.update({ where: { id: c.account.id }, data: { name, company } });
  const overdue = await makeInvoice(t.db, { accountId: c.account.id, issuedAt: day(0), lines: [{ amount: "10.00" }], vatRate: "21" });
  const proforma = await makeProforma(t.db, { accountId: c.account.id, issuedAt: day(29) });
  const paid = await makeInvoice(t.db, { accountId: c.account.id, issuedAt: day(30) });
  await t.db.invoice.update({ where: { id: paid.id }, data: { status: "paid", paidAmount: paid.total, paidAt: day(30) } });
  return { c, overdue, proforma, paid };
}

describe("listAdminInvoices", () => {
  it("lists every account's invoices and proformas newest first, with customer, total, status and due date", async () => {
    const a = await ledgerOf("Zebrafish Hosting One");
    const b = await ledgerOf("Zebrafish Hosting Two", "Zebrafish Ltd");
    const list = await listAdminInvoices(ctx(), { q: "zebrafish" });
    expect(list.total).toBe(6);
    // Day 30, then 29, then 0 (both customers' documents of a day in either order: ties go by id).
    const pairs = [0, 2, 4].map((i) => list.rows.slice(i, i + 2).map((r) => r.number).sort());
    expect(pairs).toEqual([[a.paid.number, b.paid.number].sort(), [a.proforma.number, b.proforma.number].sort(), [a.overdue.number, b.overdue.number].sort()]);
    expect(list.rows.find((r) => r.id === b.overdue.id)).toMatchObject({
      type: "invoice",
      status: "unpaid",
      overdue: true,
      currency: "EUR",
      dueDate: day(7),
      issuedAt: day(0),
      account: { id: b.c.account.id, name: "Zebrafish Hosting Two", company: "Zebrafish Ltd" },
    });
    expect(list.rows.find((r) => r.id === b.overdue.id)!.total.toFixed(2)).toBe("12.10");
    expect(list.rows.find((r) => r.id === b.proforma.id)).toMatchObject({ type: "proforma", status: "unpaid", overdue: false });
    expect(list.rows.find((r) => r.id === b.paid.id)).toMatchObject({ type: "invoice", status: "paid", overdue: false });
  });

  it("filters by kind, status, overdue and a search by number or customer name, in combination", async () => {
    const a = await ledgerOf("Quokka Cloud");
    const b = await ledgerOf("Someone", "Quokka Servers BV");
    const ids = async (f: Parameters<typeof listAdminInvoices>[1]) => (await listAdminInvoices(ctx(), f)).rows.map((r) => r.id).sort();
    const sorted = (...xs: string[]) => xs.sort();

    expect(await ids({ q: "quokka", kind: "proforma" })).toEqual(sorted(a.proforma.id, b.proforma.id));
    expect(await ids({ q: "quokka", kind: "invoice", status: "paid" })).toEqual(sorted(a.paid.id, b.paid.id));
    expect(await ids({ q: "quokka", status: "unpaid" })).toEqual(sorted(a.overdue.id, a.proforma.id, b.overdue.id, b.proforma.id));
    // Overdue: unpaid and due before now; a paid invoice never is.
    expect(await ids({ q: "quokka", overdue: "1", kind: "invoice" })).toEqual(sorted(a.overdue.id, b.overdue.id));
    // A document not yet due (the proforma of day 29, an invoice of yesterday) is not overdue.
    const fresh = await makeInvoice(t.db, { accountId: a.c.account.id, issuedAt: new Date("2026-04-30T09:00:00Z") });
    expect(await ids({ q: "quokka cloud", overdue: "1" })).toEqual([a.overdue.id]);
    expect(await ids({ q: "quokka cloud", status: "unpaid", kind: "invoice" })).toEqual(sorted(a.overdue.id, fresh.id));
    // A status only one kind has narrows to that kind.
    await t.db.invoice.update({ where: { id: a.paid.id }, data: { status: "refunded" } });
    await t.db.proforma.update({ where: { id: b.proforma.id }, data: { status: "converted" } });
    expect(await ids({ q: "quokka", status: "refunded" })).toEqual([a.paid.id]);
    expect(await ids({ q: "quokka", status: "converted" })).toEqual([b.proforma.id]);
    expect(await ids({ q: "quokka", status: "refunded", kind: "proforma" })).toEqual([]);
    // The company matches as the name does; the number matches in part, any case.
    expect(await ids({ q: "QUOKKA SERVERS", kind: "invoice" })).toEqual(sorted(b.overdue.id, b.paid.id));
    expect(await ids({ q: a.overdue.number.toLowerCase() })).toEqual([a.overdue.id]);
    expect(await ids({ q: a.overdue.number.slice(-6), kind: "invoice" })).toContain(a.overdue.id);
    expect(await ids({ q: "no such customer anywhere" })).toEqual([]);
  });

  it("drops an unknown kind or status rather than refusing it", async () => {
    await ledgerOf("Wombat Networks");
    const list = await listAdminInvoices(ctx(), { q: "wombat", kind: "receipt", status: "lost", overdue: "maybe" });
    expect(list.filters).toEqual({ kind: null, status: null, overdue: false, q: "wombat" });
    expect(list.total).toBe(3);
  });

  it("answers 25 a page, merging both kinds, with the filtered total and page count", async () => {
    const c = await makeCustomer(t.db);
    await t.db.clientAccount.update({ where: { id: c.account.id }, data: { name: "Pangolin Pages" } });
    const made: string[] = [];
    // 30 documents, alternating kinds, issued an hour apart: the newest is the last made.
    for (let i = 0; i < 30; i++) {
      const issuedAt = new Date(Date.parse("2026-03-01T00:00:00Z") + i * 3_600_000);
      const doc = i % 2 ? await makeProforma(t.db, { accountId: c.account.id, issuedAt }) : await makeInvoice(t.db, { accountId: c.account.id, issuedAt });
      made.unshift(doc.id);
    }
    const first = await listAdminInvoices(ctx(), { q: "pangolin" });
    expect([first.total, first.pages, first.rows.length]).toEqual([30, 2, INVOICES_PAGE_SIZE]);
    expect(first.rows.map((r) => r.id)).toEqual(made.slice(0, 25));
    const second = await listAdminInvoices(ctx(), { q: "pangolin", page: 2 });
    expect(second.rows.map((r) => r.id)).toEqual(made.slice(25));
    expect((await listAdminInvoices(ctx(), { q: "pangolin", page: 3 })).rows).toEqual([]);
    const proformas = await listAdminInvoices(ctx(), { q: "pangolin", kind: "proforma" });
    expect([proformas.total, proformas.pages, proformas.rows.length]).toEqual([15, 1, 15]);
  });
});

describe("getAdminInvoiceOrThrow", () => {
  it("shows any account's document: lines, VAT, totals, payments with their reference, the customer and what may be done", async () => {
    const { c, overdue, paid, proforma } = await ledgerOf("Capybara Compute", "Capybara BV");
    await t.db.payment.create({
      data: { accountId: c.account.id, invoiceId: paid.id, purpose: "document", method: "bank_transfer", amount: paid.total, currency: "EUR", status: "paid", gatewayReference: "NL-TRF-778" },
    });
    const open = await getAdminInvoiceOrThrow(ctx(), { type: "invoice", id: overdue.id });
    expect(open.document).toMatchObject({ type: "invoice", number: overdue.number, status: "unpaid", customer: { name: "Capybara BV", attention: "Capybara Compute", email: c.owner.email } });
    expect(open.document.lines.map((l) => [l.description, l.amount.toFixed(2)])).toEqual([["Line 1", "10.00"]]);
    expect(open.document.vatLines.map((v) => [v.ratePercent.toFixed(2), v.base.toFixed(2), v.amount.toFixed(2)])).toEqual([["21.00", "10.00", "2.10"]]);
    expect([open.document.total.toFixed(2), open.document.remainingAmount.toFixed(2)]).toEqual(["12.10", "12.10"]);
    expect(open.account).toMatchObject({ id: c.account.id, company: "Capybara BV", ownerEmail: c.owner.email });
    expect(open.can).toEqual({ markPaid: true, void: true, refund: false });

    const settled = await getAdminInvoiceOrThrow(ctx(), { type: "invoice", id: paid.id });
    expect(settled.payments).toMatchObject([{ method: "bank_transfer", status: "paid", reference: "NL-TRF-778" }]);
    expect(settled.document.paidByBankTransfer.toFixed(2)).toBe(paid.total.toFixed(2));
    expect(settled.can).toEqual({ markPaid: false, void: false, refund: true });

    expect((await getAdminInvoiceOrThrow(ctx(), { type: "proforma", id: proforma.id })).can).toEqual({ markPaid: true, void: true, refund: false });
  });

  it("answers 404 for an unknown or malformed id, and for an id of the other kind", async () => {
    const { overdue } = await ledgerOf("Axolotl Labs");
    await expect(getAdminInvoiceOrThrow(ctx(), { type: "invoice", id: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ kind: "not_found", message: "Invoice not found" });
    await expect(getAdminInvoiceOrThrow(ctx(), { type: "invoice", id: "nope" })).rejects.toMatchObject({ kind: "not_found" });
    await expect(getAdminInvoiceOrThrow(ctx(), { type: "proforma", id: overdue.id })).rejects.toMatchObject({ kind: "not_found", message: "Proforma not found" });
  });
});
