import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { StatusBadge } from "@/components/status/status-badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ReceiptIcon } from "@/components/ui/icons";
import { hasPermission } from "@/lib/accounts/account-permissions";
import { requireCustomer } from "@/lib/auth/session";
import { listProformas, PROFORMA_STATUSES } from "@/lib/billing/list-proformas";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import type { ProformaStatus } from "@/lib/generated/prisma/enums";
import { BillingTabs } from "../billing-tabs";
import { ListPager, pageParam } from "../list-pager";
import { NoBillingAccess } from "../no-billing-access";
import { StatusFilter } from "../status-filter";

export const metadata: Metadata = { title: "Proformas" };

const PAGE_SIZE = 20;
// `paid` exists in the schema but a paid proforma is converted at once: no point offering the filter.
const FILTERS = PROFORMA_STATUSES.filter((s) => s !== "paid");

export default async function ProformasPage({ searchParams }: { searchParams: Promise<{ status?: string; page?: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer || !hasPermission(viewer.customer, "invoices.view")) {
    return <NoBillingAccess title="Proformas" linked={!!viewer.customer} permission="invoices.view" />;
  }
  const params = await searchParams;
  const status = PROFORMA_STATUSES.includes(params.status as ProformaStatus) ? (params.status as ProformaStatus) : undefined;
  const page = pageParam(params.page);
  const { proformas, total } = await listProformas({ accountId: viewer.customer.accountId }, { status, page, limit: PAGE_SIZE });

  return (
    <>
      <PageHeader title="Billing" description="A proforma is a request for payment; once paid in full it becomes an invoice." />
      <BillingTabs current="/billing/proformas" />
      <Card>
        <StatusFilter base="/billing/proformas" statuses={FILTERS} current={status} />
        {proformas.length === 0 ? (
          status ? (
            <EmptyState title={`No ${status} proformas`}>
              <a href="/billing/proformas" className="font-medium text-neutral-700 underline underline-offset-2">
                Show all proformas
              </a>
            </EmptyState>
          ) : (
            <EmptyState icon={<ReceiptIcon className="size-5" />} title="No proformas yet">
              Orders paid in advance get a proforma. Pay it from your credit and it becomes an invoice straight away.
            </EmptyState>
          )
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-y border-neutral-100 bg-neutral-50 text-left text-xs text-neutral-500">
                  <th scope="col" className="px-5 py-2 font-medium">Proforma</th>
                  <th scope="col" className="px-5 py-2 font-medium">Issued</th>
                  <th scope="col" className="px-5 py-2 font-medium">Due</th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">Total</th>
                  <th scope="col" className="px-5 py-2 font-medium">Status</th>
                  <th scope="col" className="px-5 py-2 font-medium">Invoice</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {proformas.map((p) => (
                  <tr key={p.id}>
                    <td className="px-5 py-2.5 font-medium whitespace-nowrap">
                      <a href={`/billing/proformas/${p.id}`} className="text-neutral-900 underline underline-offset-2">
                        {p.number}
                      </a>
                    </td>
                    <td className="px-5 py-2.5 whitespace-nowrap text-neutral-600">{formatDate(p.issuedAt)}</td>
                    <td className="px-5 py-2.5 whitespace-nowrap text-neutral-600">{formatDate(p.dueDate)}</td>
                    <td className="px-5 py-2.5 text-right whitespace-nowrap tabular-nums">{formatMoney(p.total, p.currency)}</td>
                    <td className="px-5 py-2.5">
                      <StatusBadge status={p.status} />
                    </td>
                    <td className="px-5 py-2.5 whitespace-nowrap">
                      {p.invoice ? (
                        <a href={`/billing/invoices/${p.invoice.id}`} className="text-neutral-700 underline underline-offset-2">
                          {p.invoice.number}
                        </a>
                      ) : (
                        <span className="text-neutral-400">—</span>
                      )}
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
          href={(p) => `/billing/proformas?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) })}`}
        />
      </Card>
    </>
  );
}
