import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Stat } from "@/components/ui/stat";
import { mayAccess } from "@/lib/accounts/account-access";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { requireCustomer } from "@/lib/auth/session";
import { INVOICE_STATUSES, listInvoices } from "@/lib/billing/list-invoices";
import { formatMoney } from "@/lib/format/format-money";
import { BillingTabs } from "../billing-tabs";
import { DOCUMENT_PAGE_SIZE, DocumentListCard, statusParam } from "../document-list-card";
import { pageParam } from "@/lib/format/search-params";
import { NoBillingAccess } from "../no-billing-access";
import { getDb } from "@/lib/db/client";
import { formatCount } from "@/lib/format/format-count";

export const metadata: Metadata = { title: "Invoices" };

export default async function InvoicesPage({ searchParams }: { searchParams: Promise<{ status?: string; page?: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer || !mayAccess(viewer.customer, "invoices:view")) {
    return <NoBillingAccess title="Invoices" linked={!!viewer.customer} permission="invoices.view" />;
  }
  const params = await searchParams;
  const status = statusParam(INVOICE_STATUSES, params.status);
  const page = pageParam(params.page);
  const ctx = { db: getDb(), now: new Date(), actor: { accountId: viewer.customer.accountId, userId: viewer.user.id, isOwner: viewer.customer.role === "owner" } };
  const [{ invoices, total, stats }, credit] = await Promise.all([listInvoices(ctx, { status, page, limit: DOCUMENT_PAGE_SIZE }), getCreditBalance(ctx)]);
  const currency = invoices[0]?.currency ?? credit.currency;
  const unpaid = stats.byStatus.unpaid.count;

  return (
    <>
      <PageHeader title="Billing" description={`Invoices, proformas and your prepaid credit for ${viewer.customer.accountName}.`} />
      <BillingTabs current="/billing/invoices" />

      <dl className="mb-6 grid gap-4 sm:grid-cols-3">
        <Stat label="Outstanding" value={formatMoney(stats.outstanding, currency)} detail={unpaid ? formatCount(unpaid, "unpaid invoice") : "You're all paid up"} />
        <Stat label="Your credit balance" value={formatMoney(credit.balance, credit.currency)} detail="Open an unpaid invoice to pay it from credit." />
        <Stat label="Invoices" value={stats.count} detail={`${stats.byStatus.paid.count} paid`} />
      </dl>

      <DocumentListCard
        kind="invoice"
        filters={INVOICE_STATUSES}
        status={status}
        page={page}
        total={total}
        rows={invoices}
        extra="remaining"
        noneOfStatus={status === "unpaid" ? "Nothing to pay right now." : "None of your invoices has this status."}
        noneYet="An invoice is issued when you order a service and at each renewal. It is listed here, and you can pay it from your credit."
      />
    </>
  );
}
