import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { serviceDocument } from "@/lib/services/customer-documents";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { serviceContext } from "@/lib/services/service-context";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { selectServiceTab, serviceTabs } from "@/lib/services/service-tabs";
import { mayAccess } from "@/lib/accounts/account-access";
import { isAccountWritable } from "@/lib/accounts/account-permissions";
import { canRenewNow } from "@/lib/billing/renewals/can-renew-now";
import { pageTitle } from "@/components/layout/page-title";
import { findCancellableOrder } from "@/lib/orders";
import { BillingTab } from "./billing-tab";
import { DedicatedServicePage } from "./dedicated-service-page";
import { DestroyTab } from "./destroy-tab";
import { GameServicePage } from "./game-service-page";
import { ServiceOverview } from "./service-overview";
import { cancellableOf, type ServicePageBase } from "./service-page-base";
import { ServicePageFrame } from "./service-page-frame";
import { VpsServicePage } from "./vps-service-page";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const viewer = await requireCustomer();
  const access = viewer.customer ? panelServiceAccess(viewer.customer) : null;
  if (!access?.canView) return { title: pageTitle("Services") };
  const service = await findScopedServiceOrThrow(getDb(), access.scope, (await params).id).catch((error: unknown) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
  return { title: pageTitle(service && (service.hostname ?? service.name), "Services") };
}

/**
 * A service's page in the panel: tabs (`?tab=<slug>`, lib/services/service-tabs.ts), the same for a
 * VPS, a dedicated server and a game server; only the selected tab is rendered and loads its data.
 */
export default async function ServicePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ tab?: string | string[] }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer) notFound();
  const access = panelServiceAccess(viewer.customer);
  if (!access.canView) notFound();
  const [{ id }, { tab: requestedTab }] = await Promise.all([params, searchParams]);
  const db = getDb();
  const service = await findScopedServiceOrThrow(db, access.scope, id).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  });
  const writable = isAccountWritable(viewer.customer.accountStatus);
  // Waiting for payment of a new order: the order can be cancelled instead (lib/orders/cancel-unpaid-order.ts).
  const mayCancelOrder = service.status === "pending_payment" && access.canManage && writable;
  const base: ServicePageBase = {
    service,
    access,
    buyer: { accountId: viewer.customer.accountId, userId: viewer.user.id },
    requestedTab,
    back: (
      <Link href="/services" className="text-sm font-medium text-neutral-600 underline-offset-2 hover:underline">
        ← All services
      </Link>
    ),
    // "Renew now": POST /services/{id}/renew's rule (canRenewNow), for someone allowed to pay on a writable account.
    renewable: canRenewNow(service) && mayAccess(viewer.customer, "services:renew") && writable,
    cancellableOrder: mayCancelOrder ? await findCancellableOrder({ db, now: new Date(), actor: access.scope }, { serviceId: service.id }) : null,
  };

  if (service.product.kind === "vps") return <VpsServicePage base={base} />;
  if (service.product.kind === "dedicated") return <DedicatedServicePage base={base} />;
  if (service.product.kind === "game") return <GameServicePage base={base} />;
  return <OtherServicePage base={base} />;
}

/** A kind of service without remote controls in the panel: its overview, billing and the cancellation of an unpaid order. */
async function OtherServicePage({ base }: { base: ServicePageBase }) {
  const { service, access } = base;
  const doc = await serviceDocument(serviceContext({ db: getDb(), actor: access.scope }), { serviceId: service.id });
  const tabs = serviceTabs({
    kind: service.product.kind,
    status: service.status,
    access,
    offers: null,
    hasMachine: false,
    addresses: 0,
    cancellationScheduled: service.cancellationScheduledDate !== null,
    unpaidOrderCancellable: base.cancellableOrder !== null,
  });
  const tab = selectServiceTab(tabs, base.requestedTab);
  return (
    <ServicePageFrame serviceId={service.id} title={doc.hostname ?? doc.name} description={doc.product.name} back={base.back} tabs={tabs} current={tab}>
      {tab === "overview" && (
        <>
          <ServiceOverview
            serviceId={service.id}
            status={doc.status}
            plan={doc.product.name}
            location={doc.location?.name ?? null}
            address={doc.primary_ip && <span className="font-mono">{doc.primary_ip}</span>}
            nextDueDate={service.nextDueDate?.toISOString() ?? null}
            cancellationDate={service.cancellationScheduledDate?.toISOString() ?? null}
            tabs={tabs}
          />
          <p className="text-sm text-neutral-500">Remote controls for this kind of service are not in the panel yet; use the API or contact support.</p>
        </>
      )}
      {tab === "billing" && <BillingTab service={service} access={access} buyer={base.buyer} renewable={base.renewable} />}
      {tab === "destroy" && <DestroyTab service={cancellableOf(service)} order={base.cancellableOrder} access={access} />}
    </ServicePageFrame>
  );
}
