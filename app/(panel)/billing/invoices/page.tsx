import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { StatusBadge } from "@/components/status/status-badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ReceiptIcon } from "@/components/ui/icons";
import { Stat } from "@/components/ui/stat";
import { hasPermission } from "@/lib/accounts/account-permissions";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { requireCustomer } from "@/lib/auth/session";
import { INVOICE_STATUSES, listInvoices } from "@/lib/billing/list-invoices";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import type { InvoiceStatus } from "@/lib/generated/prisma/enums";
import { BillingTabs } from "../billing-tabs";
import { ListPager, pageParam } from "../list-pager";
import { NoBillingAccess } from "../no-billing-access";
import { StatusFilter } from "../status-filter";

export const metadata: Metadata = { title: "Invoices" };

const PAGE_SIZE = 20;

export default async function InvoicesPage({ searchParams }: { searchParams: Promise<{ status?: string; page?: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer || !hasPermission(viewer.customer, "invoices.view")) {
    return <NoBillingAccess title="Invoices" linked={!!viewer.customer} permission="invoices.view" />;
  }
  const params = await searchParams;
  const status = INVOICE_STATUSES.includes(params.status as InvoiceStatus) ? (params.status as InvoiceStatus) : undefined;
  const page = pageParam(params.page);
  const actor = { accountId: viewer.customer.accountId, userId: viewer.user.id, isOwner: viewer.customer.role === "owner" };
  const [{ invoices, total, stats }, credit] = await Promise.all([
    listInvoices(actor, { status, page, limit: PAGE_SIZE }),
    getCreditBalance(actor),
  ]);
  const currency = invoices[0]?.currency ?? credit.currency;
  const unpaid = stats.byStatus.unpaid.count;

  return (
    <>
      <PageHeader title="Billing" description={`Invoices, proformas and your prepaid credit for ${viewer.customer.accountName}.`} />
      <BillingTabs current="/billing/invoices" />

      <dl className="mb-6 grid gap-4 sm:grid-cols-3">
        <Stat label="Outstanding" value={formatMoney(stats.outstanding, currency)} detail={unpaid ? `${unpaid} unpaid invoice${unpaid === 1 ? "" : "s"}` : "You're all paid up"} />
        <Stat label="Your credit balance" value={formatMoney(credit.balance, credit.currency)} detail="Open an unpaid invoice to pay it from credit." />
        <Stat label="Invoices" value={stats.count} detail={`${stats.byStatus.paid.count} paid`} />
      </dl>

      <Card>
        <StatusFilter base="/billing/invoices" statuses={INVOICE_STATUSES} current={status} />
        {invoices.length === 0 ? (
          status ? (
            <EmptyState title={`No ${status} invoices`}>
              {status === "unpaid" ? "Nothing to pay right now." : "None of your invoices has this status."}{" "}
              <a href="/billing/invoices" className="font-medium text-neutral-700 underline underline-offset-2">
                Show all invoices
              </a>
            </EmptyState>
          ) : (
            <EmptyState icon={<ReceiptIcon className="size-5" />} title="No invoices yet">
              An invoice is issued when you order a service and at each renewal. It is listed here, and you can pay it from your credit.
            </EmptyState>
          )
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-y border-neutral-100 bg-neutral-50 text-left text-xs text-neutral-500">
                  <th scope="col" className="px-5 py-2 font-medium">Invoice</th>
                  <th scope="col" className="px-5 py-2 font-medium">Issued</th>
                  <th scope="col" className="px-5 py-2 font-medium">Due</th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">Total</th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">Remaining</th>
                  <th scope="col" className="px-5 py-2 font-medium">Status</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {invoices.map((i) => (
                  <tr key={i.id}>
                    <td className="px-5 py-2.5 font-medium whitespace-nowrap">
                      <a href={`/billing/invoices/${i.id}`} className="text-neutral-900 underline underline-offset-2">
                        {i.number}
                      </a>
                    </td>
                    <td className="px-5 py-2.5 whitespace-nowrap text-neutral-600">{formatDate(i.issuedAt)}</td>
                    <td className="px-5 py-2.5 whitespace-nowrap text-neutral-600">{formatDate(i.dueDate)}</td>
                    <td className="px-5 py-2.5 text-right whitespace-nowrap tabular-nums">{formatMoney(i.total, i.currency)}</td>
                    <td className="px-5 py-2.5 text-right whitespace-nowrap tabular-nums">
                      {i.status === "unpaid" ? formatMoney(i.total.minus(i.paidAmount), i.currency) : "—"}
                    </td>
                    <td className="px-5 py-2.5">
                      <StatusBadge status={i.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          href={(p) => `/billing/invoices?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) })}`}
        />
      </Card>
    </>
  );
}
