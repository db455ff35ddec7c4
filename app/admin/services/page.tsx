import type { Metadata } from "next";
import Link from "next/link";
import { FilterForm, FilterSelect, ListEmpty } from "@/app/admin/_components/list-filters";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { PagePager } from "@/components/layout/page-pager";
import { pageTitle } from "@/components/layout/page-title";
import { StatusBadge } from "@/components/status/status-badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { listAdminServiceFilterChoices, listAdminServices, SERVICE_STATUSES, type AppliedServiceFilters } from "@/lib/admin/services/list-admin-services";
import { requireOperatorContext } from "@/lib/auth/session";
import { formatListCount } from "@/lib/format/format-count";
import { formatDate } from "@/lib/format/format-date";
import { firstParam, pageParam, queryString, type PageSearchParams } from "@/lib/format/search-params";
import { statusLabel } from "@/lib/format/status-labels";

export const metadata: Metadata = { title: pageTitle("Services") };

function href(f: AppliedServiceFilters, page: number): string {
  return `/admin/services${queryString({ status: f.status ?? undefined, product: f.productId ?? undefined, node: f.nodeId ?? undefined, location: f.locationId ?? undefined, page: page > 1 ? page : undefined })}`;
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
        <CardHeader title="All services" description={formatListCount(total, "service", filtered)} />
        <CardBody>
          <FilterForm label="Filter services" base="/admin/services" filtered={filtered}>
            <FilterSelect label="Status" name="status" value={filters.status} options={SERVICE_STATUSES.map((s) => ({ id: s, name: statusLabel("service", s) }))} />
            <FilterSelect label="Product" name="product" value={filters.productId} options={choices.products} />
            <FilterSelect label="Node" name="node" value={filters.nodeId} options={choices.nodes} />
            <FilterSelect label="Location" name="location" value={filters.locationId} options={choices.locations} />
          </FilterForm>
        </CardBody>
        {rows.length === 0 ? (
          <ListEmpty
            base="/admin/services"
            filtered={filtered}
            page={page}
            noMatch={{ title: "No service matches these filters", body: "A node lists the services whose machine runs on it now; a location, the services ordered or placed there." }}
            none={{
              title: "No services yet",
              body: (
                <>
                  Services appear here when a customer or a reseller orders one. Check that <Link href="/admin/products" className={linkClass}>products</Link> are on sale and that{" "}
                  <Link href="/admin/nodes" className={linkClass}>nodes</Link> give their locations capacity.
                </>
              ),
            }}
          />
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
