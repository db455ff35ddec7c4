import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/app-shell";
import { Alert } from "@/components/ui/alert";
import { can } from "@/lib/accounts/account-permissions";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { requireCustomer } from "@/lib/auth/session";
import { getProformaOrThrow } from "@/lib/billing/get-billing-document-or-throw";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDate } from "@/lib/format/format-date";
import { DocumentFacts, DocumentItems, DocumentPayments } from "../../document-view";
import { NoBillingAccess } from "../../no-billing-access";
import { OrderPlacedNotice } from "../../order-placed-notice";
import { PayFromCreditCard } from "../../pay-from-credit-form";

export const metadata: Metadata = { title: "Proforma" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function ProformaPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ ordered?: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer || !can(viewer.customer, "invoices.view")) {
    return <NoBillingAccess title="Proforma" linked={!!viewer.customer} permission="invoices.view" />;
  }
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const actor = { accountId: viewer.customer.accountId, userId: viewer.user.id, isOwner: viewer.customer.role === "owner" };
  const proforma = await getProformaOrThrow(actor, id).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  });
  const credit = await getCreditBalance(actor);

  return (
    <>
      <p className="mb-2 text-sm">
        <a href="/billing/proformas" className="text-neutral-500 hover:text-neutral-900">
          ← Proformas
        </a>
      </p>
      <PageHeader title={`Proforma ${proforma.number}`} description={`Issued ${formatDate(proforma.issuedAt)}.`} />
      <div className="space-y-6">
        <OrderPlacedNotice orderNumber={(await searchParams).ordered} paid={proforma.status !== "unpaid"} />
        {proforma.invoice && (
          <Alert tone="success" title="Paid and converted">
            This proforma was paid in full and became invoice{" "}
            <a href={`/billing/invoices/${proforma.invoice.id}`} className="font-medium underline underline-offset-2">
              {proforma.invoice.number}
            </a>
            .
          </Alert>
        )}
        <DocumentFacts doc={proforma} />
        <PayFromCreditCard
          type="proforma"
          documentId={proforma.id}
          outstanding={proforma.remainingAmount.toFixed(2)}
          currency={proforma.currency}
          balance={credit.balance.toFixed(2)}
          balanceCurrency={credit.currency}
          covered={credit.currency === proforma.currency && credit.balance.gte(proforma.remainingAmount)}
          open={proforma.status === "unpaid"}
          allowed={can(viewer.customer, "invoices.pay")}
        />
        <DocumentItems doc={proforma} />
        <DocumentPayments doc={proforma} />
      </div>
    </>
  );
}
