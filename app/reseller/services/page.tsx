import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/app-shell";
import { ServiceFilterForm } from "@/components/services/service-filter-form";
import { SERVICE_STATUS_LABELS, ServiceStatusBadge } from "@/components/services/service-status-badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ServerIcon } from "@/components/ui/icons";
import { requireReseller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { formatDate } from "@/lib/format/format-date";
import { primaryAddressesOf } from "@/lib/services/primary-addresses-of";
import { listServices, serviceStats } from "@/lib/services/list-services";
import { PagePager } from "@/components/layout/page-pager";

export const metadata: Metadata = { title: "Services" };

const PAGE_SIZE = 25;
const th = "px-4 py-2 text-left text-xs font-medium whitespace-nowrap text-neutral-500";
const td = "px-4 py-3 align-top text-sm text-neutral-700";

export default async function ResellerServicesPage({ searchParams }: { searchParams: Promise<{ status?: string; q?: string; page?: string }> }) {
  const viewer = await requireReseller();
  const params = await searchParams;
  const page = Math.max(1, Number.parseInt(params.page ?? "1", 10) || 1);
  const status = params.status && params.status in SERVICE_STATUS_LABELS ? params.status : undefined;
  const search = params.q?.trim() || undefined;
  const db = getDb();
  const scope = { accountId: viewer.reseller.accountId };
  const [{ services, total }, stats] = await Promise.all([listServices(db, scope, { page, limit: PAGE_SIZE, status, search }), serviceStats(db, scope)]);
  const ips = await primaryAddressesOf(
    db,
    services.map((s) => s.id),
  );
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pageHref = (p: number) => `/reseller/services?${new URLSearchParams({ ...(status ? { status } : {}), ...(search ? { q: search } : {}), page: String(p) })}`;

  return (
    <>
      <PageHeader title="Services" description="Everything bought at wholesale, through the API or the storefront. Open a service for its power and lifecycle controls (the same as the reseller API's)." />
      {stats.total === 0 ? (
        <Card>
          <EmptyState icon={<ServerIcon className="size-5" />} title="No services yet">
            <p>
              Services appear here as soon as your platform orders them with <code className="font-mono">POST /orders</code> on the{" "}
              <a href="/v1/reseller/docs" className="font-medium underline underline-offset-2">
                reseller API
              </a>
              .
            </p>
          </EmptyState>
        </Card>
      ) : (
        <Card>
          <ServiceFilterForm action="/reseller/services" idPrefix="rs" search={search} status={status} countsByStatus={stats.by_status} />
          {services.length === 0 ? (
            <EmptyState title="No service matches">Try another search or status, or clear the filter.</EmptyState>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full">
                <thead>
                  <tr className="border-b border-neutral-100">
                    <th scope="col" className={th}>Service</th>
                    <th scope="col" className={th}>Status</th>
                    <th scope="col" className={`${th} hidden md:table-cell`}>Customer</th>
                    <th scope="col" className={`${th} hidden md:table-cell`}>Address</th>
                    <th scope="col" className={`${th} hidden md:table-cell`}>Created</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-neutral-100">
                  {services.map((s) => (
                    <tr key={s.id} aria-label={s.hostname ?? s.name}>
                      <td className={td}>
                        <Link href={`/reseller/services/${s.id}`} className="font-medium text-neutral-900 underline-offset-2 hover:underline">
                          {s.hostname ?? s.name}
                        </Link>
                        <p className="text-xs text-neutral-500">
                          {s.product.name} · <span className="font-mono">{s.id}</span>
                        </p>
                      </td>
                      <td className={td}>
                        <ServiceStatusBadge status={s.status} />
                      </td>
                      <td className={`${td} hidden md:table-cell`}>{s.resellerCustomer?.externalCustomerId ?? <span className="text-neutral-400">—</span>}</td>
                      <td className={`${td} hidden font-mono md:table-cell`}>{ips.get(s.id) ?? <span className="font-sans text-neutral-400">—</span>}</td>
                      <td className={`${td} hidden whitespace-nowrap md:table-cell`}>{formatDate(s.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <PagePager page={page} pages={pages} href={pageHref} />
        </Card>
      )}
    </>
  );
}
