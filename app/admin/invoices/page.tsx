import type { Metadata } from "next";
import Link from "next/link";
import { FilterForm, FilterSearch, FilterSelect, ListEmpty } from "@/app/admin/_components/list-filters";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { PagePager } from "@/components/layout/page-pager";
import { pageTitle } from "@/components/layout/page-title";
import { StatusBadge } from "@/components/status/status-badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { DOCUMENT_STATUSES, listAdminInvoices, SEARCH_MAX, type AppliedInvoiceFilters } from "@/lib/admin/invoices/list-admin-invoices";
import { requireOperatorContext } from "@/lib/auth/session";
import { formatListCount } from "@/lib/format/format-count";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import { firstParam, pageParam, queryString, type PageSearchParams } from "@/lib/format/search-params";
import { statusLabel } from "@/lib/format/status-labels";

export const metadata: Metadata = { title: pageTitle("Invoices") };

const KIND_LABEL = { invoice: "Invoice", proforma: "Proforma" } as const;
// Both kinds share these words (lib/format/status-labels.ts); "converted" is a proforma's, "refunded" an invoice's.
const STATUS_CHOICES = DOCUMENT_STATUSES.map((s) => ({ id: s, name: statusLabel(s === "converted" ? "proforma" : "invoice", s) }));

function href(f: AppliedInvoiceFilters, page: number): string {
  return `/admin/invoices${queryString({ kind: f.kind ?? undefined, status: f.status ?? undefined, overdue: f.overdue ? "1" : undefined, q: f.q ?? undefined, page: page > 1 ? page : undefined })}`;
}


export default async function InvoicesPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const ctx = await requireOperatorContext();
  const sp = await searchParams;
  const list = await listAdminInvoices(ctx, {
    kind: firstParam(sp.kind),
    status: firstParam(sp.status),
    overdue: firstParam(sp.overdue),
    q: firstParam(sp.q),
    page: pageParam(sp.page),
  });
  const { rows, total, page, pages, filters } = list;
  const filtered = filters.kind !== null || filters.status !== null || filters.overdue || filters.q !== null;

  return (
    <>
      <PageHeader
        title="Invoices"
        description="Every invoice and proforma of every account, newest first. Open one to see it as the customer does, record a bank transfer, void it or refund it to credit."
      />
      <Card>
        <CardHeader title="All documents" description={formatListCount(total, "document", filtered)} />
        <CardBody>
          <FilterForm label="Filter invoices" base="/admin/invoices" filtered={filtered}>
            <FilterSearch label="Number or customer" value={filters.q} maxLength={SEARCH_MAX} placeholder="INV-2026-… or a name" />
            <FilterSelect label="Kind" name="kind" value={filters.kind} options={[{ id: "invoice", name: "Invoices" }, { id: "proforma", name: "Proformas" }]} />
            <FilterSelect label="Status" name="status" value={filters.status} options={STATUS_CHOICES} />
            <label className="flex items-center gap-2 pb-2 text-sm font-medium text-neutral-800">
              <input type="checkbox" name="overdue" value="1" defaultChecked={filters.overdue} className="size-4 rounded border-neutral-300" />
              Overdue only
            </label>
          </FilterForm>
        </CardBody>
        {rows.length === 0 ? (
          <ListEmpty
            base="/admin/invoices"
            filtered={filtered}
            page={page}
            noMatch={{ title: "No document matches these filters", body: "The search finds a number in part (for instance its last digits) or a customer’s name or company; overdue means unpaid and past its due date." }}
            none={{
              title: "No invoices yet",
              body: (
                <>
                  Invoices and proformas are raised when a customer or a reseller orders and when a service renews. Check that <Link href="/admin/products" className={linkClass}>products</Link> are on sale;
                  whether an order gets a proforma first is set under <Link href="/admin/settings" className={linkClass}>Programme and billing</Link>.
                </>
              ),
            }}
          />
        ) : (
          <Table head={["Number", "Customer", "\u200bTotal", "Status", "Due", "Issued"]} label="Invoices">
            {rows.map((r) => (
              <tr key={`${r.type}-${r.id}`}>
                <Td>
                  <Link href={`/admin/invoices/${r.type}/${r.id}`} className={`${linkClass} font-mono text-xs whitespace-nowrap`}>
                    {r.number}
                  </Link>
                  <span className="block text-xs text-neutral-500">{KIND_LABEL[r.type]}</span>
                </Td>
                <Td>
                  <Link href={`/admin/customers/${r.account.id}`} className={linkClass}>
                    {r.account.company ?? r.account.name}
                  </Link>
                </Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(r.total, r.currency)}</Td>
                <Td className="whitespace-nowrap">
                  <StatusBadge kind={r.type} status={r.status} />
                  {r.overdue && <span className="block text-xs font-medium text-red-700">Overdue</span>}
                </Td>
                <Td className="whitespace-nowrap text-neutral-600">{formatDate(r.dueDate)}</Td>
                <Td className="whitespace-nowrap text-neutral-600">{formatDate(r.issuedAt)}</Td>
              </tr>
            ))}
          </Table>
        )}
        <PagePager page={page} pages={pages} href={(p) => href(filters, p)} />
      </Card>
    </>
  );
}
