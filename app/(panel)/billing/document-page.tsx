import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/app-shell";
import { mayAccess } from "@/lib/accounts/account-access";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { requireCustomer } from "@/lib/auth/session";
import type { InvoiceDetail, ProformaDetail } from "@/lib/billing/get-billing-document-or-throw";
import type { CreditContext } from "@/lib/billing/resolve-credit-account";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDate } from "@/lib/format/format-date";
import { isUuid } from "@/lib/schemas/uuid";
import { DocumentFacts, DocumentItems, DocumentPayments } from "./document-view";
import { NoBillingAccess } from "./no-billing-access";
import { OrderPlacedNotice } from "./order-placed-notice";
import { PayFromCreditCard } from "./pay-from-credit-form";
import { getDb } from "@/lib/db/client";

const KINDS = {
  invoice: { title: "Invoice", list: { href: "/billing/invoices", label: "Invoices" } },
  proforma: { title: "Proforma", list: { href: "/billing/proformas", label: "Proformas" } },
} as const;

/**
 * One invoice or proforma of the viewer's account (`/billing/invoices/{id}`, `/billing/proformas/{id}`):
 * its facts, "Pay from credit" while it is open, its lines and payments. An id that is not a uuid,
 * or not the account's, is a 404. What differs per kind comes in as props.
 */
export async function BillingDocumentPage<D extends InvoiceDetail | ProformaDetail>({
  type,
  params,
  searchParams,
  load,
  issuedFrom,
  paid,
  notice,
}: {
  type: keyof typeof KINDS;
  params: Promise<{ id: string }>;
  searchParams: Promise<{ ordered?: string }>;
  /** Reads the account's document (get-billing-document-or-throw). */
  load: (ctx: CreditContext, input: { id: string }) => Promise<D>;
  /** Where the document came from, after "Issued <date>" (the proforma an invoice was converted from). */
  issuedFrom?: (doc: D) => string | null;
  /** Whether the order that led here is paid (the order-placed notice). */
  paid: (doc: D) => boolean;
  /** Shown above the facts (a converted proforma names its invoice). */
  notice?: (doc: D) => React.ReactNode;
}) {
  const { title, list } = KINDS[type];
  const viewer = await requireCustomer();
  if (!viewer.customer || !mayAccess(viewer.customer, "invoices:view")) {
    return <NoBillingAccess title={title} linked={!!viewer.customer} permission="invoices.view" />;
  }
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const ctx = { db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId, userId: viewer.user.id, isOwner: viewer.customer.role === "owner" } };
  const doc = await load(ctx, { id }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  });
  const credit = await getCreditBalance(ctx);
  const from = issuedFrom?.(doc);

  return (
    <>
      <p className="mb-2 text-sm">
        <a href={list.href} className="text-neutral-500 hover:text-neutral-900">
          ← {list.label}
        </a>
      </p>
      <PageHeader title={`${title} ${doc.number}`} description={`Issued ${formatDate(doc.issuedAt)}${from ? `, ${from}` : ""}.`} />
      <div className="space-y-6">
        <OrderPlacedNotice orderNumber={(await searchParams).ordered} paid={paid(doc)} />
        {notice?.(doc)}
        <DocumentFacts doc={doc} />
        <PayFromCreditCard
          type={type}
          documentId={doc.id}
          outstanding={doc.remainingAmount.toFixed(2)}
          currency={doc.currency}
          balance={credit.balance.toFixed(2)}
          balanceCurrency={credit.currency}
          covered={credit.currency === doc.currency && credit.balance.gte(doc.remainingAmount)}
          open={doc.status === "unpaid"}
          allowed={mayAccess(viewer.customer, "invoices:pay")}
        />
        <DocumentItems doc={doc} />
        <DocumentPayments doc={doc} />
      </div>
    </>
  );
}
