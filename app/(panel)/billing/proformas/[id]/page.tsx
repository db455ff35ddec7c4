import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { getProformaOrThrow } from "@/lib/billing/get-billing-document-or-throw";
import { BillingDocumentPage, billingDocumentMetadata } from "../../document-page";

export function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return billingDocumentMetadata("proforma", params, getProformaOrThrow);
}

export default async function ProformaPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ ordered?: string }> }) {
  return (
    <BillingDocumentPage
      type="proforma"
      params={params}
      searchParams={searchParams}
      load={getProformaOrThrow}
      paid={(proforma) => proforma.status !== "unpaid"}
      notice={(proforma) =>
        proforma.invoice && (
          <Alert tone="success" title="Paid and converted">
            This proforma was paid in full and became invoice{" "}
            <a href={`/billing/invoices/${proforma.invoice.id}`} className="font-medium underline underline-offset-2">
              {proforma.invoice.number}
            </a>
            .
          </Alert>
        )
      }
    />
  );
}
