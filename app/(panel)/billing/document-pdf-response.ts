import { mayAccess } from "@/lib/accounts/account-access";
import { requireCustomer } from "@/lib/auth/session";
import { getInvoiceDocumentOrThrow, type InvoiceDocument, type PrintableDocumentType } from "@/lib/billing/get-invoice-document-or-throw";
import { renderInvoicePdf } from "@/lib/billing/render-invoice-pdf";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";

const NOT_FOUND: Record<PrintableDocumentType, string> = { invoice: "Invoice not found.", proforma: "Proforma not found.", credit_note: "Credit note not found." };

export const refusal = (status: number, sentence: string) =>
  new Response(sentence, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/**
 * `GET /billing/invoices/{id}/pdf`, `…/proformas/{id}/pdf` and `…/credit-notes/{id}/pdf`: the document as a PDF download,
 * allowed exactly as its page is (document-page.tsx): a signed-in member with invoices.view, the
 * account's own document only (another account's is 404, like a made-up id).
 */
export async function documentPdfResponse(type: PrintableDocumentType, params: Promise<{ id: string }>): Promise<Response> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return refusal(403, "Your sign-in is not linked to a customer account.");
  if (!mayAccess(viewer.customer, "invoices:view")) return refusal(403, "Not visible with your role: ask the account owner for the invoices.view permission.");
  const { id } = await params;
  if (!isUuid(id)) return refusal(404, NOT_FOUND[type]);
  const ctx = { db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId } };
  try {
    return await invoicePdfDownload(await getInvoiceDocumentOrThrow(ctx, { type, id }), ctx.now);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") return refusal(404, NOT_FOUND[type]);
    throw error;
  }
}

/** The document as a PDF attachment named after its number; the customer's route and the operator console's (app/admin/invoices) answer it. */
export async function invoicePdfDownload(doc: InvoiceDocument, now: Date): Promise<Response> {
  const pdf = await renderInvoicePdf(doc, { now });
  // Document numbers are letters, digits and dashes; anything else could not break the header anyway.
  const filename = `${doc.number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`;
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "content-length": String(pdf.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
