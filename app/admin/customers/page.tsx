import type { Metadata } from "next";
import Link from "next/link";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { PagePager } from "@/components/layout/page-pager";
import { pageTitle } from "@/components/layout/page-title";
import { StatusBadge } from "@/components/status/status-badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/input";
import { ACCOUNT_STATUSES, searchCustomers } from "@/lib/admin/customers/search-customers";
import { STATUS_LABELS } from "@/lib/format/status-labels";
import { requireOperatorContext } from "@/lib/auth/session";
import { formatCount } from "@/lib/format/format-count";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import { firstParam, pageParam, queryString, type PageSearchParams } from "@/lib/format/search-params";

export const metadata: Metadata = { title: pageTitle("Customers") };

function href(q: string, status: string | null, page: number): string {
  return `/admin/customers${queryString({ q, status: status ?? undefined, page: page > 1 ? page : undefined })}`;
}

export default async function CustomersPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const ctx = await requireOperatorContext();
  const sp = await searchParams;
  const q = firstParam(sp.q)?.trim().slice(0, 200) ?? "";
  const status = ACCOUNT_STATUSES.find((s) => s === firstParam(sp.status)) ?? null;
  const filtered = q !== "" || status !== null;
  const { rows, total, page, pages } = await searchCustomers(ctx, { q, status, page: pageParam(sp.page) });

  return (
    <>
      <PageHeader title="Customers" description="Every customer account, newest first. Open one for its people, services, invoices, credit and API keys." />
      <Card>
        <CardHeader title="Customer accounts" description={
            filtered
              ? `${formatCount(total, "account")} ${total === 1 ? "matches" : "match"}${q ? ` “${q}”` : ""}${status ? `, status ${STATUS_LABELS.account[status].toLowerCase()}` : ""}.`
              : `${formatCount(total, "account")} in all.`
          } />
        <CardBody>
          <form method="get" role="search" aria-label="Search customers" className="flex flex-wrap items-end gap-3">
            <label className="min-w-0 flex-1 basis-64 space-y-1.5 text-sm font-medium text-neutral-800">
              <span className="block">Search</span>
              <input type="search" name="q" defaultValue={q} placeholder="Name, company, email, hostname, IP or invoice number" className={inputClasses} />
            </label>
            <label className="min-w-0 basis-40 space-y-1.5 text-sm font-medium text-neutral-800">
              <span className="block">Status</span>
              <select name="status" defaultValue={status ?? ""} className={inputClasses}>
                <option value="">Any</option>
                {ACCOUNT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS.account[s]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClasses({ variant: "secondary" })}>
              Search
            </button>
            {filtered && (
              <Link href="/admin/customers" className={buttonClasses({ variant: "ghost" })}>
                Clear
              </Link>
            )}
          </form>
        </CardBody>
        {rows.length === 0 ? (
          status === "pending" && !q ? (
            <EmptyState title="No sign-up is waiting for approval">
              New accounts wait here while approval is on (Settings → Sign-ups). <Link href="/admin/customers" className={linkClass}>See every account</Link>.
            </EmptyState>
          ) : filtered ? (
            <EmptyState title="No customer matches your search">
              Names, companies, emails and hostnames match in part; an IP address, invoice or proforma number must be typed in full. Clear the search to see every account.
            </EmptyState>
          ) : page > 1 ? (
            <EmptyState title="This page is past the last one">
              <Link href="/admin/customers" className={linkClass}>Go to the first page</Link>.
            </EmptyState>
          ) : (
            <EmptyState title="No customer accounts yet">Accounts appear here as soon as someone signs up in the customer panel or a reseller applies.</EmptyState>
          )
        ) : (
          <Table head={["Account", "Owner", "Status", "\u200bLive services", "\u200bCredit", "Created"]} label="Customer accounts">
            {rows.map((r) => (
              <tr key={r.id}>
                <Td>
                  <Link href={`/admin/customers/${r.id}`} className={linkClass}>
                    {r.company ?? r.name}
                  </Link>
                  {r.company && <span className="block text-xs text-neutral-500">{r.name}</span>}
                </Td>
                <Td className="break-all text-neutral-600">{r.ownerEmail}</Td>
                <Td>
                  <StatusBadge kind="account" status={r.status} />
                </Td>
                <Td className="text-right tabular-nums">{r.liveServices}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(r.credit.balance, r.credit.currency)}</Td>
                <Td className="whitespace-nowrap text-neutral-600">{formatDate(r.createdAt)}</Td>
              </tr>
            ))}
          </Table>
        )}
        <PagePager page={page} pages={pages} href={(p) => href(q, status, p)} />
      </Card>
    </>
  );
}
