import { invoicePdfDownload, refusal } from "@/app/(panel)/billing/document-pdf-response";
import { findAdminPrintableOrThrow, printableKindOf } from "@/lib/admin/invoices/admin-document";
import { requireOperatorContext } from "@/lib/auth/session";
import { getInvoiceDocumentOrThrow } from "@/lib/billing/get-invoice-document-or-throw";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * `GET /admin/invoices/{kind}/{id}/pdf`: any account's invoice, proforma or credit note (`credit_note`) as the PDF its customer
 * downloads (the same model and renderer as `/billing/invoices/{id}/pdf`). Operators only: anyone
 * else gets the console's 404.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ kind: string; id: string }> }) {
  const ctx = await requireOperatorContext();
  const { kind, id } = await params;
  const type = printableKindOf(kind);
  if (!type) return refusal(404, "Not found.");
  try {
    const { accountId } = await findAdminPrintableOrThrow(ctx, { type, id });
    return await invoicePdfDownload(await getInvoiceDocumentOrThrow({ db: ctx.db, now: ctx.now, actor: { accountId } }, { type, id }), ctx.now);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") return refusal(404, `${error.message}.`);
    throw error;
  }
}
