import type { Tx } from "@/lib/db/client";
import { findVatRate, vatOn } from "@/lib/pricing";
import { sum } from "@/lib/pricing/money";
import { createInvoice, type DocumentLineInput } from "../create-invoice";
import { createProforma } from "../create-proforma";

export type RecurringDocument = { type: "invoice" | "proforma"; id: string; number: string };

/**
 * The unpaid document of a recurring charge (a service's or an add-on's renewal, a month of image
 * storage), with no order: an invoice, or a proforma on proforma-first platforms, with `lines` in
 * `currency`, VAT at the account country's rate in force at `at`, due at `dueDate` (or `at`, if that
 * has passed). The caller holds the account's lock and links the document to its claim.
 */
export async function raiseRecurringDocument(
  tx: Tx,
  input: { accountId: string; country: string; currency: string; lines: DocumentLineInput[]; at: Date; dueDate: Date; issueProformas: boolean },
): Promise<RecurringDocument> {
  const { at } = input;
  const subtotal = sum(input.lines.map((l) => l.amount));
  const vat = await findVatRate(tx, input.country, at);
  const vatAmount = vatOn(subtotal, vat.ratePercent, input.currency);
  const document = {
    accountId: input.accountId,
    orderId: null,
    currency: input.currency,
    lines: input.lines,
    subtotal,
    vatRate: vat.ratePercent,
    vatAmount,
    total: subtotal.plus(vatAmount),
    at,
    dueDate: input.dueDate > at ? input.dueDate : at,
  };
  return input.issueProformas
    ? { type: "proforma", ...(await createProforma(tx, document)) }
    : { type: "invoice", ...(await createInvoice(tx, { ...document, status: "unpaid" })) };
}
