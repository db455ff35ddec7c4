import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { readServiceListQuery, ServicesList, type ServicesTableRow } from "@/components/services/services-table";
import { requireReseller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { primaryAddressesOf } from "@/lib/services/primary-addresses-of";
import { listServices, serviceStats } from "@/lib/services/list-services";
import { serviceContext } from "@/lib/services/service-context";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Services") };

const PAGE_SIZE = 25;

export default async function ResellerServicesPage({ searchParams }: { searchParams: Promise<{ status?: string; q?: string; page?: string }> }) {
  const viewer = await requireReseller();
  const query = readServiceListQuery(await searchParams);
  const db = getDb();
  const ctx = serviceContext({ db, actor: { accountId: viewer.reseller.accountId } });
  const [{ services, total }, stats] = await Promise.all([listServices(ctx, { ...query, limit: PAGE_SIZE }), serviceStats(ctx)]);
  const ips = await primaryAddressesOf(
    db,
    services.map((s) => s.id),
  );
  const rows: ServicesTableRow[] = services.map((s) => ({
    id: s.id,
    name: s.hostname ?? s.name,
    href: `/reseller/services/${s.id}`,
    detail: (
      <>
        {s.product.name} · <span className="font-mono">{s.id}</span>
      </>
    ),
    status: s.status,
    customer: s.resellerCustomer?.externalCustomerId,
    address: ips.get(s.id) ?? null,
    createdAt: s.createdAt,
  }));

  return (
    <>
      <PageHeader title="Services" description="Everything bought at wholesale, through the API or the storefront. Open a service for its power and lifecycle controls (the same as the reseller API's)." />
      <ServicesList
        action="/reseller/services"
        idPrefix="rs"
        query={query}
        countsByStatus={stats.by_status}
        noneYet={
          <p>
            Services appear here as soon as your platform orders them with <code className="font-mono">POST /orders</code> on the{" "}
            <a href="/v1/reseller/docs" className="font-medium underline underline-offset-2">
              reseller API
            </a>
            .
          </p>
        }
        rows={rows}
        columns={["customer", "address", "created"]}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
      />
    </>
  );
}
