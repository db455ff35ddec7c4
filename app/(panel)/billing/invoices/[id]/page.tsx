import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/app-shell";
import { can } from "@/lib/accounts/account-permissions";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { requireCustomer } from "@/lib/auth/session";
import { getInvoiceOrThrow } from "@/lib/billing/get-billing-document-or-throw";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDate } from "@/lib/format/format-date";
import { DocumentFacts, DocumentItems, DocumentPayments } from "../../document-view";
import { NoBillingAccess } from "../../no-billing-access";
import { OrderPlacedNotice } from "../../order-placed-notice";
import { PayFromCreditCard } from "../../pay-from-credit-form";

export const metadata: Metadata = { title: "Invoice" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function InvoicePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ ordered?: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer || !can(viewer.customer, "invoices.view")) {
    return <NoBillingAccess title="Invoice" linked={!!viewer.customer} permission="invoices.view" />;
  }
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const actor = { accountId: viewer.customer.accountId, userId: viewer.user.id, isOwner: viewer.customer.role === "owner" };
  const invoice = await getInvoiceOrThrow(actor, id).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  });
  const credit = await getCreditBalance(actor);
  const from = invoice.proformas[0];

  return (
    <>
      <p className="mb-2 text-sm">
        <a href="/billing/invoices" className="text-neutral-500 hover:text-neutral-900">
          ← Invoices
        </a>
      </p>
      <PageHeader title={`Invoice ${invoice.number}`} description={`Issued ${formatDate(invoice.issuedAt)}${from ? `, from proforma ${from.number}` : ""}.`} />
      <div className="space-y-6">
        <OrderPlacedNotice orderNumber={(await searchParams).ordered} paid={invoice.status === "paid"} />
        <DocumentFacts doc={invoice} />
        <PayFromCreditCard
          type="invoice"
          documentId={invoice.id}
          outstanding={invoice.remainingAmount.toFixed(2)}
          currency={invoice.currency}
          balance={credit.balance.toFixed(2)}
          balanceCurrency={credit.currency}
          covered={credit.currency === invoice.currency && credit.balance.gte(invoice.remainingAmount)}
          open={invoice.status === "unpaid"}
          allowed={can(viewer.customer, "invoices.pay")}
        />
        <DocumentItems doc={invoice} />
        <DocumentPayments doc={invoice} />
      </div>
    </>
  );
}
