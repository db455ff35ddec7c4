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
import { listAdminServiceFilterChoices, listAdminServices, SERVICE_STATUSES, type AppliedServiceFilters } from "@/lib/admin/services/list-admin-services";
import { requireOperatorContext } from "@/lib/auth/session";
import { formatCount } from "@/lib/format/format-count";
import { formatDate } from "@/lib/format/format-date";
import { firstParam, pageParam, queryString, type PageSearchParams } from "@/lib/format/search-params";
import { statusLabel } from "@/lib/format/status-labels";

export const metadata: Metadata = { title: pageTitle("Services") };

function href(f: AppliedServiceFilters, page: number): string {
  return `/admin/services${queryString({ status: f.status ?? undefined, product: f.productId ?? undefined, node: f.nodeId ?? undefined, location: f.locationId ?? undefined, page: page > 1 ? page : undefined })}`;
}

function Select({ label, name, value, options }: { label: string; name: string; value: string | null; options: Array<{ id: string; name: string }> }) {
  return (
    <label className="min-w-0 flex-1 basis-40 space-y-1.5 text-sm font-medium text-neutral-800">
      <span className="block">{label}</span>
      <select name={name} defaultValue={value ?? ""} className={inputClasses}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export default async function ServicesPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const ctx = await requireOperatorContext();
  const sp = await searchParams;
  const [list, choices] = await Promise.all([
    listAdminServices(ctx, {
      status: firstParam(sp.status),
      productId: firstParam(sp.product),
      nodeId: firstParam(sp.node),
      locationId: firstParam(sp.location),
      page: pageParam(sp.page),
    }),
    listAdminServiceFilterChoices(ctx),
  ]);
  const { rows, total, page, pages, filters } = list;
  const filtered = Object.values(filters).some((v) => v !== null);

  return (
    <>
      <PageHeader title="Services" description="Every service of every account, newest first. Open one for its machine, billing and jobs, and to suspend, unsuspend, terminate or retry its setup." />
      <Card>
        <CardHeader title="All services" description={filtered ? `${formatCount(total, "service")} ${total === 1 ? "matches" : "match"} the filters.` : `${formatCount(total, "service")} in all.`} />
        <CardBody>
          <form method="get" role="search" aria-label="Filter services" className="flex flex-wrap items-end gap-3">
            <Select label="Status" name="status" value={filters.status} options={SERVICE_STATUSES.map((s) => ({ id: s, name: statusLabel("service", s) }))} />
            <Select label="Product" name="product" value={filters.productId} options={choices.products} />
            <Select label="Node" name="node" value={filters.nodeId} options={choices.nodes} />
            <Select label="Location" name="location" value={filters.locationId} options={choices.locations} />
            <button type="submit" className={buttonClasses({ variant: "secondary" })}>
              Filter
            </button>
            {filtered && (
              <Link href="/admin/services" className={buttonClasses({ variant: "ghost" })}>
                Clear
              </Link>
            )}
          </form>
        </CardBody>
        {rows.length === 0 ? (
          filtered ? (
            <EmptyState title="No service matches these filters">
              A node lists the services whose machine runs on it now; a location, the services ordered or placed there. Change a filter or{" "}
              <Link href="/admin/services" className={linkClass}>
                clear them
              </Link>{" "}
              to see every service.
            </EmptyState>
          ) : page > 1 ? (
            <EmptyState title="This page is past the last one">
              <Link href="/admin/services" className={linkClass}>Go to the first page</Link>.
            </EmptyState>
          ) : (
            <EmptyState title="No services yet">
              Services appear here when a customer or a reseller orders one. Check that <Link href="/admin/products" className={linkClass}>products</Link> are on sale and that{" "}
              <Link href="/admin/nodes" className={linkClass}>nodes</Link> give their locations capacity.
            </EmptyState>
          )
        ) : (
          <Table head={["Service", "Customer", "Product", "Status", "Node", "Address", "Created"]} label="Services">
            {rows.map((r) => (
              <tr key={r.id}>
                <Td>
                  <Link href={`/admin/services/${r.id}`} className={`${linkClass} break-all`}>
                    {r.hostname ?? r.name}
                  </Link>
                  {r.hostname && r.hostname !== r.name && <span className="block text-xs break-all text-neutral-500">{r.name}</span>}
                </Td>
                <Td>
                  <Link href={`/admin/customers/${r.account.id}`} className={linkClass}>
                    {r.account.company ?? r.account.name}
                  </Link>
                </Td>
                <Td>{r.product.name}</Td>
                <Td>
                  <StatusBadge kind="service" status={r.status} />
                </Td>
                <Td className="whitespace-nowrap text-neutral-600">
                  {r.node ? (
                    <Link href={`/admin/nodes/${r.node.id}`} className="underline underline-offset-2">
                      {r.node.name}
                    </Link>
                  ) : (
                    "—"
                  )}
                  {r.location && <span className="block text-xs text-neutral-500">{r.location.name}</span>}
                </Td>
                <Td className="font-mono text-xs whitespace-nowrap">{r.primaryAddress ?? "—"}</Td>
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
