import type { Metadata } from "next";
import { getInvoiceOrThrow } from "@/lib/billing/get-billing-document-or-throw";
import { BillingDocumentPage } from "../../document-page";

export const metadata: Metadata = { title: "Invoice" };

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
