import type { Metadata } from "next";
import Link from "next/link";
import { FilterForm, FilterSearch, FilterSelect, ListEmpty } from "@/app/admin/_components/list-filters";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { PagePager } from "@/components/layout/page-pager";
import { pageTitle } from "@/components/layout/page-title";
import { StatusBadge } from "@/components/status/status-badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { listAdminOrders, ORDER_STATUSES, ORDER_TYPES, type AppliedOrderFilters } from "@/lib/admin/orders/list-admin-orders";
import { ORDER_TYPE_LABEL } from "@/lib/admin/orders/order-type-label";
import { requireOperatorContext } from "@/lib/auth/session";
import { formatCount, formatListCount } from "@/lib/format/format-count";
import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import { firstParam, pageParam, queryString, type PageSearchParams } from "@/lib/format/search-params";
import { statusLabel } from "@/lib/format/status-labels";

export const metadata: Metadata = { title: pageTitle("Orders") };

const BASE = "/admin/orders";

function href(f: AppliedOrderFilters, page: number): string {
  return `${BASE}${queryString({ status: f.status ?? undefined, type: f.type ?? undefined, source: f.source ?? undefined, q: f.q ?? undefined, page: page > 1 ? page : undefined })}`;
}

export default async function OrdersPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const ctx = await requireOperatorContext();
  const sp = await searchParams;
  const { rows, total, page, pages, filters } = await listAdminOrders(ctx, {
    status: firstParam(sp.status),
    type: firstParam(sp.type),
    source: firstParam(sp.source),
    q: firstParam(sp.q),
    page: pageParam(sp.page),
  });
  const filtered = Object.values(filters).some((v) => v !== null);

  return (
    <>
      <PageHeader title="Orders" description="Every order of every account, newest first. Open one to see what was bought and paid, retry a failed setup, or cancel it with a refund to credit." />
      <Card>
        <CardHeader title="All orders" description={formatListCount(total, "order", filtered)} />
        <CardBody>
          <FilterForm label="Filter orders" base={BASE} filtered={filtered}>
            <FilterSearch label="Number or customer" value={filters.q} maxLength={100} placeholder="ORD-2026-… or a name or email" />
            <FilterSelect label="Status" name="status" value={filters.status} options={ORDER_STATUSES.map((s) => ({ id: s, name: statusLabel("order", s) }))} />
            <FilterSelect label="Type" name="type" value={filters.type} options={ORDER_TYPES.map((t) => ({ id: t, name: ORDER_TYPE_LABEL[t] }))} />
            <FilterSelect
              label="Placed by"
              name="source"
              value={filters.source}
              options={[
                { id: "direct", name: "Customers" },
                { id: "reseller", name: "Resellers" },
              ]}
            />
          </FilterForm>
        </CardBody>
        {rows.length === 0 ? (
          <ListEmpty
            base={BASE}
            filtered={filtered}
            page={page}
            noMatch={{ title: "No order matches these filters", body: "The search finds an order number from its start, a reseller's own order id, or part of a customer's name, company or email." }}
            none={{
              title: "No orders yet",
              body: (
                <>
                  Orders appear here when a customer orders in the panel or through the API, or a reseller through theirs. Check that{" "}
                  <Link href="/admin/products" className={linkClass}>
                    products
                  </Link>{" "}
                  are on sale.
                </>
              ),
            }}
          />
        ) : (
          <Table head={["Order", "Customer", "Type", "\u200bTotal", "Status", "Placed"]} label="Orders">
            {rows.map((r) => (
              <tr key={r.id}>
                <Td>
                  <Link href={`${BASE}/${r.id}`} className={`${linkClass} font-mono text-xs whitespace-nowrap`}>
                    {r.orderNumber}
                  </Link>
                  <span className="block text-xs text-neutral-500">{formatCount(r.services, "service")}</span>
                </Td>
                <Td>
                  <Link href={`/admin/customers/${r.account.id}`} className={linkClass}>
                    {r.account.company ?? r.account.name}
                  </Link>
                  {r.reseller && <span className="block text-xs text-neutral-500">via {r.reseller.name}</span>}
                </Td>
                <Td className="whitespace-nowrap">{ORDER_TYPE_LABEL[r.orderType]}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(r.total, r.currency)}</Td>
                <Td className="whitespace-nowrap">
                  <StatusBadge kind="order" status={r.status} />
                </Td>
                <Td className="whitespace-nowrap text-neutral-600">{formatDate(r.createdAt)}</Td>
              </tr>
            ))}
          </Table>
        )}
        <PagePager page={page} pages={pages} href={(p) => href(filters, p)} />
      </Card>
    </>
  );
}
