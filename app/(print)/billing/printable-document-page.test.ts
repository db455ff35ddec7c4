import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveInvoiceLegalDetails } from "@/lib/billing/admin/save-invoice-legal-details";
import { createInvoice } from "@/lib/billing/create-invoice";
import { createProforma } from "@/lib/billing/create-proforma";
import { issueCreditNote } from "@/lib/billing/issue-credit-note";
import { postCreditEntry } from "@/lib/billing/post-credit-entry";
import { formatMoney } from "@/lib/format/format-money";
import { Prisma } from "@/lib/generated/prisma/client";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";

// The printable pages rendered to HTML as the server sends them, signed in as real users of the test database.

const session = vi.hoisted(() => ({ userId: "" }));
vi.mock("@/auth", () => ({ auth: async () => ({ user: { id: session.userId, name: "", email: "" } }) }));
vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  notFound: () => {
    throw new Error("notFound");
  },
}));

const { PrintableDocumentPage } = await import("./printable-document-page");
const { default: InvoicePrint } = await import("./invoices/[id]/print/page");
const { default: ProformaPrint } = await import("./proformas/[id]/print/page");
const { default: CreditNotePrint } = await import("./credit-notes/[id]/print/page");

let t: TestDb;
const d = (v: string) => new Prisma.Decimal(v);
const at = new Date("2026-06-01T10:00:00.000Z");
let mine: Awaited<ReturnType<typeof makeCustomer>>;
let theirs: Awaited<ReturnType<typeof makeCustomer>>;
let invoice: { id: string; number: string };
let proforma: { id: string; number: string };

const figures = (accountId: string) => ({
  accountId,
  currency: "EUR",
  lines: [
    { description: "Dedicated server D-64 (monthly)", quantity: 1, unitAmount: d("1234.50"), amount: d("1234.50") },
    { description: "Backup <add-on>", quantity: 3, unitAmount: d("1.33"), amount: d("3.99") },
  ],
  subtotal: d("1238.49"),
  vatRate: d("21"),
  vatAmount: d("260.08"),
  total: d("1498.57"),
  at,
  dueDate: new Date("2026-06-08T10:00:00.000Z"),
});

beforeAll(async () => {
  t = await createTestDb();
  mine = await makeCustomer(t.db);
  await t.db.clientAccount.update({ where: { id: mine.account.id }, data: { company: "Acme B.V.", vatNumber: "NL123456789B01" } });
  theirs = await makeCustomer(t.db);
  invoice = await t.db.$transaction((tx) => createInvoice(tx, figures(mine.account.id)));
  proforma = await t.db.$transaction((tx) => createProforma(tx, figures(mine.account.id)));
  await saveInvoiceLegalDetails(
    { db: t.db, now: at, actor: { userId: mine.owner.id } },
    { legalName: "Rackfront Hosting Ltd", legalAddress: "1 Server Street\nLondon EC1A 1AA", legalVatNumber: "GB123456789", invoiceFooter: "IBAN GB00 TEST 0000" },
  );
});
afterAll(async () => {
  await t?.close();
});

/** The page's HTML: its route file names the kind, the shared (async) page is awaited and its tree rendered. */
async function html(page: typeof InvoicePrint, id: string, print?: string) {
  const props = { params: Promise.resolve({ id }), searchParams: Promise.resolve(print ? { print } : {}) };
  const { type } = page(props).props;
  return renderToStaticMarkup(await PrintableDocumentPage({ ...props, type }));
}

describe("the printable document pages", () => {
  it("show the invoice as a sheet: both parties, every line, the stored totals, print and PDF", async () => {
    session.userId = mine.owner.id;
    const page = await html(InvoicePrint, invoice.id);
    for (const text of [
      `Invoice</h1>`,
      invoice.number,
      "Rackfront Hosting Ltd",
      "London EC1A 1AA",
      "VAT number: GB123456789",
      "Acme B.V.",
      "Netherlands",
      "VAT number: NL123456789B01",
      "Backup &lt;add-on&gt;",
      formatMoney("1234.50", "EUR"),
      formatMoney("3.99", "EUR"),
      "VAT 21% on €1,238.49",
      formatMoney("260.08", "EUR"),
      formatMoney("1498.57", "EUR"),
      "IBAN GB00 TEST 0000",
      "@page { size: A4",
      `href="/billing/invoices/${invoice.id}/pdf"`,
      ">Print</button>",
    ]) {
      expect(page).toContain(text);
    }
    // No app shell: the sheet is the page.
    expect(page).not.toMatch(/<aside|Sign out/);
  });

  it("show a proforma as a proforma", async () => {
    session.userId = mine.owner.id;
    const page = await html(ProformaPrint, proforma.id);
    expect(page).toContain("Proforma invoice</h1>");
    expect(page).toContain(proforma.number);
    expect(page).toContain("not a VAT invoice");
  });

  it("show a credit note: what it credits, net and VAT, what went to credit, no amount due; back leads to its invoice", async () => {
    const note = await t.db.$transaction(async (tx) => {
      const entry = await postCreditEntry(tx, { accountId: mine.account.id, kind: "refund", amount: d("121.00"), description: "Goodwill", invoiceId: invoice.id, at });
      return issueCreditNote(tx, { invoiceId: invoice.id, ledgerEntryId: entry.id, amount: d("121.00"), description: "Credit for the outage of 3 June", at });
    });
    session.userId = mine.owner.id;
    const page = await html(CreditNotePrint, note.id);
    for (const text of [
      "Credit note</h1>",
      note.number,
      "Credit note number",
      `Credits invoice ${invoice.number}`,
      "Credit for the outage of 3 June",
      "VAT 21% on €100.00",
      formatMoney("21.00", "EUR"),
      "Credited to the account",
      formatMoney("121.00", "EUR"),
      `href="/billing/invoices/${invoice.id}"`,
      `href="/billing/credit-notes/${note.id}/pdf"`,
    ]) {
      expect(page).toContain(text);
    }
    expect(page).not.toMatch(/Amount due|>Due</);
    session.userId = theirs.owner.id;
    await expect(html(CreditNotePrint, note.id)).rejects.toThrow("notFound");
  });

  it("do not show another account's document, nor one of the other kind", async () => {
    session.userId = theirs.owner.id;
    await expect(html(InvoicePrint, invoice.id)).rejects.toThrow("notFound");
    session.userId = mine.owner.id;
    await expect(html(ProformaPrint, invoice.id)).rejects.toThrow("notFound");
    await expect(html(InvoicePrint, "not-a-uuid")).rejects.toThrow("notFound");
  });

  it("tell a member without invoices.view what they need", async () => {
    const user = await makeUser(t.db);
    await t.db.teamMember.create({ data: { accountId: mine.account.id, userId: user.id, permissions: ["services.view"] } });
    session.userId = user.id;
    const page = await html(InvoicePrint, invoice.id);
    expect(page).toContain("Not visible with your role");
    expect(page).not.toContain(invoice.number);
  });
});
