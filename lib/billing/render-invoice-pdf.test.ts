import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/format/format-money";
import { Prisma } from "@/lib/generated/prisma/client";
import type { InvoiceDocument } from "./get-invoice-document-or-throw";
import { renderInvoicePdf, winAnsi } from "./render-invoice-pdf";
import { pdfTextLines } from "./testing/pdf-text";

const d = (v: string) => new Prisma.Decimal(v);

function document(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    type: "invoice",
    id: "00000000-0000-4000-8000-000000000001",
    number: "INV-2026-000042",
    status: "unpaid",
    currency: "EUR",
    issuedAt: new Date("2026-06-01T10:00:00Z"),
    dueDate: new Date("2026-06-08T10:00:00Z"),
    paidAt: null,
    supplier: {
      name: "Rackfront Hosting Ltd",
      attention: null,
      addressLines: ["1 Server Street", "London EC1A 1AA"],
      country: null,
      vatNumber: "GB123456789",
      registration: "01234567",
      email: "billing@rackfront.example",
    },
    customer: { name: "Acme B.V.", attention: "Zoë Kovács", addressLines: [], country: "NL", vatNumber: "NL123456789B01", registration: null, email: "owner@acme.example" },
    lines: [
      { description: "Dedicated server D-64 (monthly)", quantity: 1, unitAmount: d("1234.5000"), amount: d("1234.5000") },
      { description: "VPS S (monthly)", quantity: 3, unitAmount: d("9.9900"), amount: d("29.9700") },
      { description: "Backup add-on", quantity: 3, unitAmount: d("1.3300"), amount: d("3.9900") },
    ],
    vatLines: [{ ratePercent: d("20.50"), base: d("1268.4600"), amount: d("260.0300") }],
    subtotal: d("1268.4600"),
    vatAmount: d("260.0300"),
    total: d("1528.4900"),
    paidAmount: d("0"),
    creditApplied: d("0"),
    paidByCard: d("0"),
    paidByBankTransfer: d("0"),
    remainingAmount: d("1528.4900"),
    related: null,
    footer: "IBAN GB00 TEST 0000 0000 0000\nPayment within 7 days of the invoice date.",
    ...overrides,
  };
}

const render = async (doc: InvoiceDocument) => {
  const bytes = await renderInvoicePdf(doc, { compress: false, now: new Date("2026-06-01T10:00:00Z") });
  return { bytes, lines: pdfTextLines(bytes) };
};

describe("renderInvoicePdf", () => {
  it("draws the number, every line's amount and the totals as formatMoney writes them", async () => {
    const doc = document();
    const { bytes, lines } = await render(doc);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(lines).toContain("Invoice");
    expect(lines).toContain(doc.number);
    for (const line of doc.lines) expect(lines).toContain(formatMoney(line.amount, "EUR"));
    expect(formatMoney(doc.lines[0]!.amount, "EUR")).toBe("€1,234.50");
    expect(lines).toContain(formatMoney(doc.subtotal, "EUR"));
    expect(lines).toContain(formatMoney(doc.vatAmount, "EUR"));
    expect(lines).toContain("VAT 20.5% on €1,268.46");
    expect(lines).toContain(formatMoney(doc.total, "EUR"));
    expect(lines).toEqual(expect.arrayContaining(["Amount due", formatMoney(doc.remainingAmount, "EUR")]));
    // Both parties and the footer, as the operator and the customer wrote them.
    expect(lines).toEqual(
      expect.arrayContaining([
        "Rackfront Hosting Ltd",
        "1 Server Street",
        "London EC1A 1AA",
        "VAT number: GB123456789",
        "Company number: 01234567",
        "Acme B.V.",
        "Zoë Kovács",
        "Netherlands",
        "VAT number: NL123456789B01",
        "IBAN GB00 TEST 0000 0000 0000",
        "Payment within 7 days of the invoice date.",
        "Unpaid",
        "1 Jun 2026",
        "8 Jun 2026",
        `${doc.number} · Page 1 of 1`,
      ]),
    );
  });

  it("leaves the supplier out while the operator has not filled in its details", async () => {
    const blank = { name: null, attention: null, addressLines: [], country: null, vatNumber: null, registration: null, email: null };
    const { lines } = await render(document({ supplier: blank, footer: null }));
    expect(lines).not.toContain("FROM");
    expect(lines).toEqual(expect.arrayContaining(["BILL TO", "Acme B.V.", formatMoney("1528.49", "EUR")]));
  });

  it("shows what was paid from credit and by card, and the paid date", async () => {
    const doc = document({
      status: "paid",
      paidAt: new Date("2026-06-03T09:00:00Z"),
      paidAmount: d("1528.4900"),
      creditApplied: d("500.0000"),
      paidByCard: d("1028.4900"),
      remainingAmount: d("0"),
    });
    const { lines } = await render(doc);
    expect(lines).toEqual(expect.arrayContaining(["Paid", "3 Jun 2026", "Credit applied", "€500.00", "Paid by card", "€1,028.49", "Amount paid", "€1,528.49", "Amount due", "€0.00"]));
  });

  it("prints a proforma as such, in another currency, with its converted invoice named", async () => {
    const doc = document({
      type: "proforma",
      number: "PRO-2026-000007",
      status: "converted",
      currency: "GBP",
      lines: [{ description: "VPS S (monthly)", quantity: 1, unitAmount: d("10.0000"), amount: d("10.0000") }],
      vatLines: [{ ratePercent: d("0"), base: d("10.0000"), amount: d("0") }],
      subtotal: d("10.0000"),
      vatAmount: d("0"),
      total: d("10.0000"),
      remainingAmount: d("10.0000"),
      related: { type: "invoice", id: "00000000-0000-4000-8000-000000000002", number: "INV-2026-000043" },
      footer: null,
    });
    const { lines } = await render(doc);
    expect(lines).toEqual(expect.arrayContaining(["Proforma invoice", "PRO-2026-000007", "Converted", "Paid and converted to invoice INV-2026-000043", "VAT 0% on £10.00", "£10.00", "£0.00"]));
    expect(lines.some((l) => l.startsWith("This proforma is a request for payment"))).toBe(true);
  });

  it("runs a long document over pages, repeating the table head, and every line's amount is there", async () => {
    const many = Array.from({ length: 70 }, (_, i) => ({ description: `Service ${i + 1} (monthly)`, quantity: 1, unitAmount: d(`${i + 1}.0100`), amount: d(`${i + 1}.0100`) }));
    const { lines } = await render(document({ lines: many }));
    for (const line of many) expect(lines).toContain(formatMoney(line.amount, "EUR"));
    const pages = Number(/Page 1 of (\d+)/.exec(lines.find((l) => l.includes("Page 1 of"))!)![1]);
    expect(pages).toBeGreaterThan(1);
    expect(lines.filter((l) => l === "Unit price")).toHaveLength(pages);
    expect(lines).toContain(`INV-2026-000042 · Page ${pages} of ${pages}`);
  });

  it("compresses by default, drawing the same text", async () => {
    const plain = await render(document());
    const bytes = await renderInvoicePdf(document(), { now: new Date("2026-06-01T10:00:00Z") });
    expect(bytes.toString("latin1")).toContain("/FlateDecode");
    expect(plain.bytes.toString("latin1")).not.toContain("/FlateDecode");
    expect(bytes.length).toBeLessThan(plain.bytes.length);
    expect(pdfTextLines(bytes)).toEqual(plain.lines);
  });
});

describe("winAnsi", () => {
  it("keeps what Helvetica can draw and replaces the rest", () => {
    expect(winAnsi("Zoë Kovács – €12 “ok”")).toBe("Zoë Kovács – €12 “ok”");
    expect(winAnsi("Győr Dvořák")).toBe("Gyor Dvorák");
    expect(winAnsi("Łódź 山田")).toBe("?ódz ??");
    expect(winAnsi("12\u202f000\tkg")).toBe("12\u00a0000 kg");
  });
});
