import PDFDocument from "pdfkit";
import { formatCountry } from "@/lib/format/format-country";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import { formatUnitMoney } from "@/lib/format/format-unit-money";
import { formatVatRate } from "@/lib/format/format-vat-rate";
import { statusLabel } from "@/lib/format/status-labels";
import type { InvoiceDocument, InvoiceDocumentParty } from "./get-invoice-document-or-throw";
import { closingRows, DOCUMENT_NUMBER_LABEL, INVOICE_DOCUMENT_TITLE, PROFORMA_NOTE, relatedDocumentNote } from "./invoice-document-labels";

// The PDF of a printable invoice or proforma (docs/billing.md "Printable documents"), drawn with
// pdfkit's built-in Helvetica: no font file to ship, but only the Windows-1252 characters it
// encodes (winAnsi below).

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const RIGHT = A4.width - MARGIN;
const CONTENT = RIGHT - MARGIN;
const BOTTOM = A4.height - MARGIN - 20; // room for the page number
const INK = "#171717";
const MUTED = "#737373";
const RULE = "#d4d4d4";

// Characters above Latin-1 that Windows-1252 (the standard fonts' encoding) still has.
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/**
 * Text the standard fonts can draw: accents outside Windows-1252 dropped ("ő" → "o"), spaces of
 * other widths made plain, anything else "?" (an embedded Unicode font would lift this).
 */
export function winAnsi(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (ch === "\n" || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (/\s/u.test(ch)) out += code === 0x202f || code === 0x2007 ? "\u00a0" : " ";
    else {
      const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
      out += base !== ch && [...base].every((c) => c.charCodeAt(0) < 0x7f || (c.charCodeAt(0) >= 0xa0 && c.charCodeAt(0) <= 0xff)) ? base : "?";
    }
  }
  return out;
}

export interface RenderInvoicePdfOptions {
  /** Off for tests, which read the drawn text back (lib/billing/testing/pdf-text.ts). */
  compress?: boolean;
  /** The PDF's creation date (its metadata); the request's time. */
  now?: Date;
}

/** Draws the document as an A4 PDF and resolves with its bytes. */
export function renderInvoicePdf(doc: InvoiceDocument, options: RenderInvoicePdfOptions = {}): Promise<Buffer> {
  const title = INVOICE_DOCUMENT_TITLE[doc.type];
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: options.compress ?? true,
    bufferPages: true,
    info: { Title: winAnsi(`${title} ${doc.number}`), Author: winAnsi(doc.supplier.name ?? ""), CreationDate: options.now ?? new Date() },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  draw(pdf, doc, title);
  pdf.end();
  return done;
}

type Pdf = PDFKit.PDFDocument;

function text(pdf: Pdf, value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { size?: number; bold?: boolean; color?: string } = {}) {
  const { size = 9, bold = false, color = INK, ...rest } = options;
  pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(size).fillColor(color).text(winAnsi(value), x, y, { lineBreak: rest.width !== undefined, ...rest });
  return pdf.y;
}

function rule(pdf: Pdf, y: number, from = MARGIN, to = RIGHT) {
  pdf.moveTo(from, y).lineTo(to, y).lineWidth(0.5).strokeColor(RULE).stroke();
}

/** A party's block: a small heading, then its name and lines. Returns the y below it. */
function party(pdf: Pdf, heading: string, p: InvoiceDocumentParty, x: number, y: number, width: number): number {
  const lines: { value: string; bold?: boolean }[] = [];
  if (p.name) lines.push({ value: p.name, bold: true });
  if (p.attention) lines.push({ value: p.attention });
  for (const l of p.addressLines) lines.push({ value: l });
  if (p.country) lines.push({ value: formatCountry(p.country) });
  if (p.vatNumber) lines.push({ value: `VAT number: ${p.vatNumber}` });
  if (p.registration) lines.push({ value: `Company number: ${p.registration}` });
  if (p.email) lines.push({ value: p.email });
  // A supplier whose details the operator has not filled in yet: no empty "From".
  if (lines.length === 0) return y;
  let at = text(pdf, heading.toUpperCase(), x, y, { size: 7.5, color: MUTED, width, characterSpacing: 0.5 }) + 3;
  for (const l of lines) at = text(pdf, l.value, x, at, { width, bold: l.bold }) + 1;
  return at;
}

const COLS = { qty: 300, unit: 345, amount: 440 } as const;

function tableHead(pdf: Pdf, y: number): number {
  const head = { size: 8, bold: true, color: MUTED } as const;
  text(pdf, "Description", MARGIN, y, { ...head, width: COLS.qty - MARGIN - 10 });
  text(pdf, "Qty", COLS.qty, y, { ...head, width: COLS.unit - COLS.qty - 10, align: "right" });
  text(pdf, "Unit price", COLS.unit, y, { ...head, width: COLS.amount - COLS.unit - 10, align: "right" });
  text(pdf, "Amount", COLS.amount, y, { ...head, width: RIGHT - COLS.amount, align: "right" });
  rule(pdf, y + 14);
  return y + 20;
}

function draw(pdf: Pdf, doc: InvoiceDocument, title: string) {
  const money = (v: { toString(): string }) => formatMoney(v, doc.currency);

  // Title and number on the left, the supplier on the right.
  text(pdf, title, MARGIN, MARGIN, { size: 22, bold: true });
  text(pdf, doc.number, MARGIN, MARGIN + 28, { size: 11, color: MUTED });
  const supplierBottom = party(pdf, "From", doc.supplier, 330, MARGIN, RIGHT - 330);

  // The customer on the left, the dates and status on the right.
  let y = Math.max(MARGIN + 70, supplierBottom + 16);
  const customerBottom = party(pdf, "Bill to", doc.customer, MARGIN, y, 250);
  const facts: [string, string][] = [
    [DOCUMENT_NUMBER_LABEL[doc.type], doc.number],
    ["Issued", formatDate(doc.issuedAt)],
    ...(doc.dueDate ? ([["Due", formatDate(doc.dueDate)]] as [string, string][]) : []),
    ...(doc.paidAt ? ([["Paid", formatDate(doc.paidAt)]] as [string, string][]) : []),
    ...(doc.type === "credit_note" ? [] : ([["Status", statusLabel(doc.type, doc.status)]] as [string, string][])),
  ];
  let factY = y;
  for (const [label, value] of facts) {
    text(pdf, label, 330, factY, { color: MUTED, width: 90 });
    text(pdf, value, 420, factY, { width: RIGHT - 420, align: "right", bold: label === "Status" });
    factY += 14;
  }
  y = Math.max(customerBottom, factY) + 10;
  const note = relatedDocumentNote(doc);
  if (note) y = text(pdf, note, MARGIN, y, { color: MUTED, width: CONTENT }) + 4;
  if (doc.type === "proforma") y = text(pdf, PROFORMA_NOTE, MARGIN, y, { color: MUTED, width: CONTENT }) + 4;

  // Lines: the description wraps; a row that does not fit starts a new page under the same head.
  y = tableHead(pdf, y + 12);
  for (const line of doc.lines) {
    const description = winAnsi(line.description);
    pdf.font("Helvetica").fontSize(9);
    const height = Math.max(12, pdf.heightOfString(description, { width: COLS.qty - MARGIN - 10 }));
    if (y + height > BOTTOM) {
      pdf.addPage();
      y = tableHead(pdf, MARGIN);
    }
    text(pdf, description, MARGIN, y, { width: COLS.qty - MARGIN - 10 });
    text(pdf, String(line.quantity), COLS.qty, y, { width: COLS.unit - COLS.qty - 10, align: "right" });
    text(pdf, formatUnitMoney(line.unitAmount, doc.currency), COLS.unit, y, { width: COLS.amount - COLS.unit - 10, align: "right" });
    text(pdf, money(line.amount), COLS.amount, y, { width: RIGHT - COLS.amount, align: "right" });
    y += height + 6;
    rule(pdf, y - 3);
  }

  // Totals: the stored figures, then what was paid on it.
  const rows: { label: string; value: string; strong?: boolean; gap?: boolean }[] = [
    { label: "Subtotal", value: money(doc.subtotal) },
    ...doc.vatLines.map((v) => ({ label: `VAT ${formatVatRate(v.ratePercent)} on ${money(v.base)}`, value: money(v.amount) })),
    { label: "Total", value: money(doc.total), strong: true },
  ];
  rows.push(...closingRows(doc, money));
  if (y + rows.length * 16 + 30 > BOTTOM) {
    pdf.addPage();
    y = MARGIN;
  }
  y += 6;
  for (const r of rows) {
    if (r.gap) y += 6;
    text(pdf, r.label, 300, y, { width: COLS.amount - 300 - 10, align: "right", color: r.strong ? INK : MUTED, bold: r.strong });
    text(pdf, r.value, COLS.amount, y, { width: RIGHT - COLS.amount, align: "right", bold: r.strong, size: r.strong ? 10 : 9 });
    y += 16;
  }

  // The operator's footer (bank details, terms) under everything.
  if (doc.footer) {
    const footer = winAnsi(doc.footer);
    pdf.font("Helvetica").fontSize(8.5);
    const height = pdf.heightOfString(footer, { width: CONTENT });
    if (y + 24 + height > BOTTOM) {
      pdf.addPage();
      y = MARGIN;
    } else y += 18;
    rule(pdf, y);
    text(pdf, doc.footer, MARGIN, y + 8, { width: CONTENT, color: MUTED, size: 8.5 });
  }

  // "Page 1 of 2" on every page, once all pages exist.
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0; // drawing below the margin would otherwise open a new page
    text(pdf, `${doc.number} · Page ${i - start + 1} of ${count}`, MARGIN, A4.height - MARGIN, { size: 7.5, color: MUTED, width: CONTENT, align: "right" });
    pdf.page.margins.bottom = bottom;
  }
}
