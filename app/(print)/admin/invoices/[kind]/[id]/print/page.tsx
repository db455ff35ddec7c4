import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PrintableDocumentView } from "@/app/(print)/billing/printable-document-page";
import { pageTitle } from "@/components/layout/page-title";
import { findAdminPrintableOrThrow, printableKindOf } from "@/lib/admin/invoices/admin-document";
import { requireOperatorContext } from "@/lib/auth/session";
import { getInvoiceDocumentOrThrow, type InvoiceDocument } from "@/lib/billing/get-invoice-document-or-throw";
import { DomainError } from "@/lib/errors/domain-error";

// `/admin/invoices/{kind}/{id}/print`: any account's document on the sheet its customer prints
// (app/(print)/billing), for operators only (anyone else: the console's 404). Outside app/admin so
// no console shell wraps it.

type Params = { params: Promise<{ kind: string; id: string }>; searchParams: Promise<{ print?: string }> };

const load = cache(async (kind: string, id: string): Promise<InvoiceDocument> => {
  const ctx = await requireOperatorContext();
  const type = printableKindOf(kind);
  if (!type) notFound();
  try {
    const { accountId } = await findAdminPrintableOrThrow(ctx, { type, id });
    return await getInvoiceDocumentOrThrow({ db: ctx.db, now: ctx.now, actor: { accountId } }, { type, id });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Pick<Params, "params">): Promise<Metadata> {
  const { kind, id } = await params;
  return { title: pageTitle((await load(kind, id)).number, "Invoices") };
}

export default async function OperatorPrintableDocumentPage({ params, searchParams }: Params) {
  const { kind, id } = await params;
  const doc = await load(kind, id);
  // A credit note is read on its invoice's page: back leads there.
  const back = doc.type === "credit_note" && doc.related ? `/admin/invoices/invoice/${doc.related.id}` : `/admin/invoices/${doc.type}/${doc.id}`;
  return <PrintableDocumentView doc={doc} href={back} pdfHref={`/admin/invoices/${doc.type}/${doc.id}/pdf`} autoPrint={(await searchParams).print === "1"} />;
}
