import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { placeOrder } from "@/lib/orders/place-order";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { addCredit, makeCustomer, makeProduct } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { saveInvoiceLegalDetails } from "./admin/save-invoice-legal-details";
import { createInvoice } from "./create-invoice";
import { getInvoiceDocumentOrThrow, type InvoiceDocument } from "./get-invoice-document-or-throw";
import { payInvoiceFromCredit } from "./pay-invoice-from-credit";
import { payProformaFromCredit } from "./pay-proforma-from-credit";

// The printable document's figures are the stored document's, whatever its lines say
// (docs/billing.md "Printable documents").

let t: TestDb;
const now = new Date("2026-06-01T10:00:00.000Z");
const d = (v: string) => new Prisma.Decimal(v);
let product: Awaited<ReturnType<typeof makeProduct>>;
let optionId: string;

beforeAll(async () => {
  t = await createTestDb();
  // Prices with four places and a VAT rate with two, so rounding at quote time really happens.
  await t.db.vatRate.create({ data: { countryCode: "NL", ratePercent: d("20.50"), effectiveFrom: new Date("2020-01-01T00:00:00Z") } });
  product = await makeProduct(t.db, { kind: "generic", prices: { monthly: "9.9875" }, setupFee: "4.3333" });
  const option = await t.db.productOption.create({
    data: { name: "Backup", slug: `backup-${Date.now()}`, pricingType: "recurring", prices: { create: [{ cycle: "monthly", amount: d("1.3337") }] } },
  });
  optionId = option.id;
  await t.db.productOptionAssignment.create({ data: { productId: product.id, optionId } });
});
afterAll(async () => {
  await t?.close();
});

const issueProformas = (on: boolean) => t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, issueProformas: on }, update: { issueProformas: on } });

/** An order of three services with an add-on each, placed by the real order code. */
async function order(company?: string) {
  const c = await makeCustomer(t.db);
  if (company) await t.db.clientAccount.update({ where: { id: c.account.id }, data: { company, vatNumber: "NL123456789B01" } });
  const placed = await placeOrder(
    { db: t.db, now, actor: { kind: "customer", accountId: c.account.id, userId: c.owner.id } },
    { items: [{ productId: product.id, billingCycle: "monthly", quantity: 3, options: [{ optionId }] }] },
  );
  const ctx = { db: t.db, now, actor: { accountId: c.account.id } };
  return { c, ctx, document: placed.document! };
}

/** The stored columns the printed figures must equal, to the last place. */
async function storedFigures(type: "invoice" | "proforma", id: string) {
  const row = type === "invoice" ? await t.db.invoice.findUniqueOrThrow({ where: { id } }) : await t.db.proforma.findUniqueOrThrow({ where: { id } });
  return { subtotal: row.subtotal.toFixed(4), vatAmount: row.vatAmount.toFixed(4), total: row.total.toFixed(4), vatRate: row.vatRate.toFixed(2), paidAmount: row.paidAmount.toFixed(4) };
}
const shownFigures = (doc: InvoiceDocument) => ({
  subtotal: doc.subtotal.toFixed(4),
  vatAmount: doc.vatAmount.toFixed(4),
  total: doc.total.toFixed(4),
  vatRate: doc.vatLines[0]!.ratePercent.toFixed(2),
  paidAmount: doc.paidAmount.toFixed(4),
});

describe("getInvoiceDocumentOrThrow", () => {
  it("shows an order's invoice with exactly its stored figures, lines and one VAT group", async () => {
    await issueProformas(false);
    const o = await order("Acme B.V.");
    expect(o.document.type).toBe("invoice");
    const doc = await getInvoiceDocumentOrThrow(o.ctx, { type: "invoice", id: o.document.id });
    const stored = await storedFigures("invoice", o.document.id);
    expect(shownFigures(doc)).toEqual(stored);
    expect(stored.vatAmount).not.toBe("0.0000");
    expect(doc.vatLines).toHaveLength(1);
    expect(doc.vatLines[0]!.base.toFixed(4)).toBe(stored.subtotal);
    expect(doc.vatLines[0]!.amount.toFixed(4)).toBe(stored.vatAmount);

    const items = await t.db.invoiceItem.findMany({ where: { invoiceId: o.document.id }, orderBy: { id: "asc" } });
    expect(doc.lines.map((l) => [l.description, l.quantity, l.unitAmount.toFixed(4), l.amount.toFixed(4)])).toEqual(
      items.map((i) => [i.description, i.quantity, i.unitAmount.toFixed(4), i.amount.toFixed(4)]),
    );
    expect(doc).toMatchObject({
      type: "invoice",
      number: o.document.number,
      status: "unpaid",
      currency: "EUR",
      issuedAt: now,
      paidAt: null,
      related: null,
      customer: { name: "Acme B.V.", attention: o.c.account.name, country: "NL", vatNumber: "NL123456789B01", email: o.c.owner.email },
    });
    expect(doc.creditApplied.toFixed(2)).toBe("0.00");
    expect(doc.remainingAmount.toFixed(4)).toBe(stored.total);
  });

  it("shows what credit paid, and the paid date once paid in full", async () => {
    await issueProformas(false);
    const o = await order();
    await addCredit(t.db, o.c.account.id, "500.00");
    const payer = { db: t.db, now, actor: { accountId: o.c.account.id, userId: o.c.owner.id, isOwner: true } };
    await payInvoiceFromCredit(payer, { id: o.document.id, amount: d("5.00") });
    const part = await getInvoiceDocumentOrThrow(o.ctx, { type: "invoice", id: o.document.id });
    expect([part.paidAmount.toFixed(2), part.creditApplied.toFixed(2), part.paidByCard.toFixed(2), part.paidAt]).toEqual(["5.00", "5.00", "0.00", null]);
    expect(part.remainingAmount.toFixed(4)).toBe(part.total.minus(5).toFixed(4));

    const paidAt = new Date("2026-06-02T08:00:00.000Z");
    await payInvoiceFromCredit({ ...payer, now: paidAt }, { id: o.document.id });
    const paid = await getInvoiceDocumentOrThrow(o.ctx, { type: "invoice", id: o.document.id });
    expect(shownFigures(paid)).toEqual(await storedFigures("invoice", o.document.id));
    expect(paid).toMatchObject({ status: "paid", paidAt });
    expect(paid.creditApplied.toFixed(4)).toBe(paid.total.toFixed(4));
    expect(paid.remainingAmount.toFixed(2)).toBe("0.00");
    expect(o.c.account.company).toBeNull();
    expect(paid.customer).toMatchObject({ name: o.c.account.name, attention: null, vatNumber: null });
  });

  it("shows a proforma with its stored figures, and the invoice it became names it", async () => {
    await issueProformas(true);
    const o = await order();
    expect(o.document.type).toBe("proforma");
    const doc = await getInvoiceDocumentOrThrow(o.ctx, { type: "proforma", id: o.document.id });
    expect(shownFigures(doc)).toEqual(await storedFigures("proforma", o.document.id));
    expect(doc).toMatchObject({ type: "proforma", status: "unpaid", related: null, paidAt: null });

    await addCredit(t.db, o.c.account.id, "500.00");
    const paid = await payProformaFromCredit({ db: t.db, now, actor: { accountId: o.c.account.id, userId: o.c.owner.id, isOwner: true } }, { id: o.document.id });
    const invoiceId = paid.invoice!.id;
    const converted = await getInvoiceDocumentOrThrow(o.ctx, { type: "proforma", id: o.document.id });
    expect(converted).toMatchObject({ status: "converted", related: { type: "invoice", id: invoiceId } });
    const invoice = await getInvoiceDocumentOrThrow(o.ctx, { type: "invoice", id: invoiceId });
    expect(shownFigures(invoice)).toEqual(await storedFigures("invoice", invoiceId));
    expect(invoice).toMatchObject({ status: "paid", related: { type: "proforma", id: o.document.id, number: o.document.number } });
    expect(invoice.creditApplied.toFixed(4)).toBe(invoice.total.toFixed(4));
    await issueProformas(false);
  });

  it("shows the stored totals even when the stored lines do not add up to them", async () => {
    const { account } = await makeCustomer(t.db);
    const created = await t.db.$transaction((tx) =>
      createInvoice(tx, {
        accountId: account.id,
        currency: "EUR",
        lines: [{ description: "VPS S", quantity: 2, unitAmount: d("10.00"), amount: d("20.00") }],
        subtotal: d("20.00"),
        vatRate: d("21"),
        vatAmount: d("4.20"),
        total: d("24.20"),
        at: now,
        dueDate: new Date("2026-06-08T10:00:00Z"),
        status: "paid",
      }),
    );
    // A line changed by hand afterwards: the document still says what it charged.
    await t.db.invoiceItem.updateMany({ where: { invoiceId: created.id }, data: { amount: d("19.99") } });
    const doc = await getInvoiceDocumentOrThrow({ db: t.db, now, actor: { accountId: account.id } }, { type: "invoice", id: created.id });
    expect(doc.lines.map((l) => l.amount.toFixed(2))).toEqual(["19.99"]);
    expect(shownFigures(doc)).toEqual({ subtotal: "20.0000", vatAmount: "4.2000", total: "24.2000", vatRate: "21.00", paidAmount: "24.2000" });
    expect(doc.paidAt).toEqual(now);
  });

  it("prints the supplier's legal details as the operator saved them", async () => {
    const o = await order();
    const blank = await getInvoiceDocumentOrThrow(o.ctx, { type: o.document.type, id: o.document.id });
    expect(blank.supplier).toEqual({ name: null, attention: null, addressLines: [], country: null, vatNumber: null, registration: null, email: null });
    expect(blank.footer).toBeNull();
    await saveInvoiceLegalDetails(
      { db: t.db, now, actor: { userId: o.c.owner.id } },
      { legalName: "Rackfront Hosting Ltd", legalAddress: "1 Server Street\nLondon EC1A 1AA", legalVatNumber: "GB123456789", legalRegistration: "01234567", legalEmail: "billing@rackfront.example", invoiceFooter: "IBAN GB00 TEST" },
    );
    const doc = await getInvoiceDocumentOrThrow(o.ctx, { type: o.document.type, id: o.document.id });
    expect(doc.supplier).toEqual({
      name: "Rackfront Hosting Ltd",
      attention: null,
      addressLines: ["1 Server Street", "London EC1A 1AA"],
      country: null,
      vatNumber: "GB123456789",
      registration: "01234567",
      email: "billing@rackfront.example",
    });
    expect(doc.footer).toBe("IBAN GB00 TEST");
  });

  it("does not find another account's document, nor an invoice asked for as a proforma", async () => {
    await issueProformas(false);
    const mine = await order();
    const other = await makeCustomer(t.db);
    const refused = await domainRefusal(getInvoiceDocumentOrThrow({ db: t.db, now, actor: { accountId: other.account.id } }, { type: "invoice", id: mine.document.id }));
    expect([refused.kind, refused.message]).toEqual(["not_found", "Invoice not found"]);
    const wrongKind = await domainRefusal(getInvoiceDocumentOrThrow(mine.ctx, { type: "proforma", id: mine.document.id }));
    expect([wrongKind.kind, wrongKind.message]).toEqual(["not_found", "Proforma not found"]);
  });
});
