import type { InvoiceDocument, PrintableDocumentType } from "./get-invoice-document-or-throw";

// Words the print page and the PDF share, so the two say the same.

export const INVOICE_DOCUMENT_TITLE: Record<PrintableDocumentType, string> = { invoice: "Invoice", proforma: "Proforma invoice", credit_note: "Credit note" };

export const DOCUMENT_NUMBER_LABEL: Record<PrintableDocumentType, string> = { invoice: "Invoice number", proforma: "Proforma number", credit_note: "Credit note number" };

/** "Issued from proforma PRO-…", "Paid and converted to invoice INV-…", "Credits invoice INV-…", or null. */
export function relatedDocumentNote(doc: Pick<InvoiceDocument, "type" | "related">): string | null {
  if (!doc.related) return null;
  if (doc.type === "credit_note") return `Credits invoice ${doc.related.number}; the amount went to the account's credit balance`;
  return doc.related.type === "proforma" ? `Issued from proforma ${doc.related.number}` : `Paid and converted to invoice ${doc.related.number}`;
}

/**
 * The rows under "Total" on the sheet and in the PDF: for an invoice or proforma what was paid and
 * the amount due; a credit note asks for nothing, so its total is what was credited.
 */
export function closingRows(
  doc: Pick<InvoiceDocument, "type" | "total" | "paidAmount" | "creditApplied" | "paidByCard" | "paidByBankTransfer" | "remainingAmount">,
  money: (v: { toString(): string }) => string,
): { label: string; value: string; strong?: boolean; gap: boolean }[] {
  if (doc.type === "credit_note") return [{ label: "Credited to the account", value: money(doc.total), strong: true, gap: true }];
  return [...paidRows(doc, money), { label: "Amount due", value: money(doc.remainingAmount), strong: true, gap: true }];
}

/** A proforma asks for payment but is not a tax invoice; the invoice follows payment (docs/billing.md). */
export const PROFORMA_NOTE = "This proforma is a request for payment, not a VAT invoice. The invoice is issued when it is paid.";

/**
 * The totals' rows under "Total" once something is paid, as the print page and the PDF show them:
 * each way it was paid (credit, card, bank transfer), then the amount paid. The first row opens a gap.
 */
export function paidRows(
  doc: Pick<InvoiceDocument, "paidAmount" | "creditApplied" | "paidByCard" | "paidByBankTransfer">,
  money: (v: { toString(): string }) => string,
): { label: string; value: string; gap: boolean }[] {
  if (!doc.paidAmount.gt(0)) return [];
  const rows = [
    { label: "Credit applied", amount: doc.creditApplied },
    { label: "Paid by card", amount: doc.paidByCard },
    { label: "Paid by bank transfer", amount: doc.paidByBankTransfer },
    { label: "Amount paid", amount: doc.paidAmount },
  ].filter((r, i, all) => i === all.length - 1 || r.amount.gt(0));
  return rows.map((r, i) => ({ label: r.label, value: money(r.amount), gap: i === 0 }));
}
