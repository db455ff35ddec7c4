import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/app-shell";
import { readServiceListQuery, ServicesList, type ServicesTableRow } from "@/components/services/services-table";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { serviceDocuments } from "@/lib/services/customer-documents";
import { listServices, serviceStats } from "@/lib/services/list-services";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { serviceContext } from "@/lib/services/service-context";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Services") };

const PAGE_SIZE = 25;

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
  const query = readServiceListQuery(await searchParams);
  const db = getDb();
  const ctx = serviceContext({ db, actor: access.scope });
  const [{ services, total }, stats] = await Promise.all([listServices(ctx, { ...query, limit: PAGE_SIZE }), serviceStats(ctx)]);
  const docs = await serviceDocuments(db, services);
  const rows: ServicesTableRow[] = docs.map((s) => ({
    id: s.id,
    name: s.hostname ?? s.name,
    href: `/services/${s.id}`,
    detail: s.product.name,
    status: s.status,
    failure: s.failure?.message,
    address: s.primary_ip,
    location: s.location?.name,
    createdAt: new Date(s.created_at),
  }));

  return (
    <>
      <PageHeader
        title="Services"
        description={stats.total === 0 ? "Servers and other services on this account." : `${stats.total} on this account, ${stats.by_status.active ?? 0} active.`}
      />
      <ServicesList
        action="/services"
        idPrefix="services"
        query={query}
        countsByStatus={stats.by_status}
        noneYet={
          <>
            <p>When you order a VPS or a dedicated server it appears here while it is set up, and you manage it from here once it is running.</p>
            <p className="mt-4">
              <Link href="/order" className={buttonClasses()}>
                Order a server
              </Link>
            </p>
          </>
        }
        rows={rows}
        columns={["address", "location", "created"]}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
      />
    </>
  );
}
