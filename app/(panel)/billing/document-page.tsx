import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { pageTitle } from "@/components/layout/page-title";
import { PageHeader } from "@/components/layout/app-shell";
import { mayAccess } from "@/lib/accounts/account-access";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { requireCustomer } from "@/lib/auth/session";
import type { InvoiceDetail, ProformaDetail } from "@/lib/billing/get-billing-document-or-throw";
import type { CreditContext } from "@/lib/billing/resolve-credit-account";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDate } from "@/lib/format/format-date";
import { isUuid } from "@/lib/schemas/uuid";
import { DocumentCreditNotes, DocumentFacts, DocumentItems, DocumentKeepActions, DocumentPayments } from "./document-view";
import { NoBillingAccess } from "./no-billing-access";
import { OrderPlacedNotice } from "./order-placed-notice";
import { PayFromCreditCard } from "./pay-from-credit-form";
import { getDb } from "@/lib/db/client";
import { PayByCardForm } from "@/components/billing/pay-by-card-form";
import { TestModeBadge } from "@/components/billing/test-mode-badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cardRows } from "@/lib/accounts/payment-methods/card-rows";
import { listPaymentMethods } from "@/lib/accounts/payment-methods/list-payment-methods";
import { formatMoney } from "@/lib/format/format-money";
import { activeCardGateway } from "@/lib/payments/card-gateways";
import { payDocumentByCardAction } from "./card-actions";
import { CancelUnpaidOrder } from "@/components/orders/cancel-unpaid-order";
import { isAccountWritable } from "@/lib/accounts/account-permissions";
import { findCancellableOrder } from "@/lib/orders";
import { cancelUnpaidOrderAction } from "../order/cancel-actions";

const KINDS = {
  invoice: { title: "Invoice", list: { href: "/billing/invoices", label: "Invoices" } },
  proforma: { title: "Proforma", list: { href: "/billing/proformas", label: "Proformas" } },
} as const;

/** The document's title: its number, then the list ("INV-2026-000001 · Invoices · Rackfront"). */
export async function billingDocumentMetadata<D extends InvoiceDetail | ProformaDetail>(
  type: keyof typeof KINDS,
  params: Promise<{ id: string }>,
  load: (ctx: CreditContext, input: { id: string }) => Promise<D>,
): Promise<Metadata> {
  const { title, list } = KINDS[type];
  const viewer = await requireCustomer();
  const { id } = await params;
  if (!viewer.customer || !mayAccess(viewer.customer, "invoices:view") || !isUuid(id)) return { title: pageTitle(title, list.label) };
  const ctx = { db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId, userId: viewer.user.id, isOwner: viewer.customer.role === "owner" } };
  const doc = await load(ctx, { id }).catch((error: unknown) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
  return { title: pageTitle(doc?.number ?? title, list.label) };
}

/**
 * One invoice or proforma of the viewer's account (`/billing/invoices/{id}`, `/billing/proformas/{id}`):
 * its facts, "Pay from credit" while it is open (and "Cancel order" when it is a new order's), its
 * lines and payments. An id that is not a uuid, or not the account's, is a 404. What differs per
 * kind comes in as props.
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
  // An open document of an order of new services: the order can be cancelled instead of paid (lib/orders/cancel-unpaid-order.ts).
  const mayCancel = doc.status === "unpaid" && !!doc.orderId && mayAccess(viewer.customer, "services:manage") && isAccountWritable(viewer.customer.accountStatus);
  const cancellable = mayCancel ? await findCancellableOrder(ctx, type === "invoice" ? { invoiceId: doc.id } : { proformaId: doc.id }) : null;

  return (
    <>
      <p className="mb-2 text-sm">
        <a href={list.href} className="text-neutral-500 hover:text-neutral-900">
          ← {list.label}
        </a>
      </p>
      <PageHeader
        title={`${title} ${doc.number}`}
        description={`Issued ${formatDate(doc.issuedAt)}${from ? `, ${from}` : ""}.`}
        actions={<DocumentKeepActions doc={doc} kind={type} />}
      />
      <div className="space-y-6">
        <OrderPlacedNotice orderNumber={(await searchParams).ordered} paid={paid(doc)} />
        {notice?.(doc)}
        <DocumentFacts doc={doc} kind={type} />
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
        {doc.status === "unpaid" && doc.remainingAmount.gt(0) && mayAccess(viewer.customer, "invoices:pay") && (
          <Card>
            <CardHeader
              title="Pay by card"
              action={<TestModeBadge testMode={activeCardGateway().testMode} />}
              description="The whole outstanding amount, with a saved card. Your bank may ask you to confirm the payment."
            />
            <CardBody>
              <PayByCardForm
                action={payDocumentByCardAction}
                type={type}
                documentId={doc.id}
                outstanding={formatMoney(doc.remainingAmount, doc.currency)}
                cards={cardRows(await listPaymentMethods({ db: ctx.db, now: ctx.now, actor: { accountId: ctx.actor.accountId } }))}
                cardsHref="/billing/cards"
              />
            </CardBody>
          </Card>
        )}
        <CancelUnpaidOrder order={cancellable} action={cancelUnpaidOrderAction} onDocument />
        <DocumentItems doc={doc} />
        <DocumentPayments doc={doc} />
        {"creditNotes" in doc && <DocumentCreditNotes notes={doc.creditNotes} />}
      </div>
    </>
  );
}
