import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/app-shell";
import { ServiceFilterForm } from "@/components/services/service-filter-form";
import { SERVICE_STATUS_LABELS, ServiceStatusBadge } from "@/components/services/service-status-badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ServerIcon } from "@/components/ui/icons";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { formatDate } from "@/lib/format/format-date";
import { serviceDocuments } from "@/lib/services/customer-documents";
import { listServices, serviceStats } from "@/lib/services/list-services";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { PagePager } from "@/components/layout/page-pager";

export const metadata: Metadata = { title: "Services" };

const PAGE_SIZE = 25;
const th = "px-4 py-2 text-left text-xs font-medium whitespace-nowrap text-neutral-500";
const td = "px-4 py-3 align-top text-sm text-neutral-700";

export default async function ServicesPage({ searchParams }: { searchParams: Promise<{ status?: string; q?: string; page?: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer) {
    return (
      <>
        <PageHeader title="Services" />
        <Card>
          <EmptyState title="Your sign-in is not linked to a customer account">Services belong to a customer account. Ask its owner to add you as a team member.</EmptyState>
        </Card>
      </>
    );
  }
  const access = panelServiceAccess(viewer.customer);
  if (!access.canView) {
    return (
      <>
        <PageHeader title="Services" />
        <Card>
          <EmptyState title="You can't see this account's services">Seeing services needs the services.view permission. Ask the account owner.</EmptyState>
        </Card>
      </>
    );
  }
  const params = await searchParams;
  const page = Math.max(1, Number.parseInt(params.page ?? "1", 10) || 1);
  const status = params.status && params.status in SERVICE_STATUS_LABELS ? params.status : undefined;
  const search = params.q?.trim() || undefined;
  const db = getDb();
  const [{ services, total }, stats] = await Promise.all([listServices(db, access.scope, { page, limit: PAGE_SIZE, status, search }), serviceStats(db, access.scope)]);
  const docs = await serviceDocuments(db, services);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pageHref = (p: number) => `/services?${new URLSearchParams({ ...(status ? { status } : {}), ...(search ? { q: search } : {}), page: String(p) })}`;

  return (
    <>
      <PageHeader
        title="Services"
        description={stats.total === 0 ? "Servers and other services on this account." : `${stats.total} on this account, ${stats.by_status.active ?? 0} active.`}
      />
      {stats.total === 0 ? (
        <Card>
          <EmptyState icon={<ServerIcon className="size-5" />} title="No services yet">
            <p>When you order a VPS or a dedicated server it appears here while it is set up, and you manage it from here once it is running.</p>
            <p className="mt-4">
              <Link href="/order" className={buttonClasses()}>
                Order a server
              </Link>
            </p>
          </EmptyState>
        </Card>
      ) : (
        <Card>
          <ServiceFilterForm action="/services" idPrefix="services" search={search} status={status} countsByStatus={stats.by_status} />
          {docs.length === 0 ? (
            <EmptyState title="No service matches">Try another search or status, or clear the filter.</EmptyState>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full">
                <thead>
                  <tr className="border-b border-neutral-100">
                    <th scope="col" className={th}>Service</th>
                    <th scope="col" className={th}>Status</th>
                    <th scope="col" className={`${th} hidden md:table-cell`}>Address</th>
                    <th scope="col" className={`${th} hidden md:table-cell`}>Location</th>
                    <th scope="col" className={`${th} hidden md:table-cell`}>Created</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-neutral-100">
                  {docs.map((s) => (
                    <tr key={s.id} aria-label={s.hostname ?? s.name}>
                      <td className={td}>
                        <Link href={`/services/${s.id}`} className="font-medium text-neutral-900 underline-offset-2 hover:underline">
                          {s.hostname ?? s.name}
                        </Link>
                        <p className="text-xs text-neutral-500">{s.product.name}</p>
                      </td>
                      <td className={td}>
                        <ServiceStatusBadge status={s.status} />
                        {s.failure && <p className="mt-1 max-w-64 text-xs text-red-700">{s.failure.message}</p>}
                      </td>
                      <td className={`${td} hidden font-mono md:table-cell`}>{s.primary_ip ?? <span className="font-sans text-neutral-400">—</span>}</td>
                      <td className={`${td} hidden md:table-cell`}>{s.location?.name ?? <span className="text-neutral-400">—</span>}</td>
                      <td className={`${td} hidden whitespace-nowrap md:table-cell`}>{formatDate(new Date(s.created_at))}</td>
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
