import type { Metadata } from "next";
import { getInvoiceOrThrow } from "@/lib/billing/get-billing-document-or-throw";
import { BillingDocumentPage, billingDocumentMetadata } from "../../document-page";

export function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return billingDocumentMetadata("invoice", params, getInvoiceOrThrow);
}

export default async function InvoicePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ ordered?: string }> }) {
  return (
    <BillingDocumentPage
      type="invoice"
      params={params}
      searchParams={searchParams}
      load={getInvoiceOrThrow}
      issuedFrom={(invoice) => (invoice.proformas[0] ? `from proforma ${invoice.proformas[0].number}` : null)}
      paid={(invoice) => invoice.status === "paid"}
    />
  );
}
