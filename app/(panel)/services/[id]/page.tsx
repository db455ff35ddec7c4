import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/app-shell";
import { AddressList } from "@/components/services/address-list";
import { UsageCard } from "@/components/services/usage-card";
import { ActivityCard } from "@/components/services/activity-card";
import { getServiceActivityAction } from "../activity-actions";
import { getServiceUsageAction } from "../usage-actions";
import { ServiceStatusBadge } from "@/components/services/service-status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDate } from "@/lib/format/format-date";
import { serviceDocument, vpsDocument } from "@/lib/services/customer-documents";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { listOsTemplates } from "@/lib/services/list-os-templates";
import { serviceContext } from "@/lib/services/service-context";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { mayAccess } from "@/lib/accounts/account-access";
import { isAccountWritable } from "@/lib/accounts/account-permissions";
import { canRenewNow } from "@/lib/billing/renewals/can-renew-now";
import { RenewNow } from "./renew-now";
import { loadPanelServiceChanges } from "@/lib/services/changes/panel-service-changes";
import { AddonsCard, UpgradeCard } from "./service-changes-cards";
import { VpsControls, VpsOperatingSystem } from "./vps-controls";
import { DedicatedControls, DedicatedOperatingSystem } from "./dedicated-controls";
import { getDedicatedAction } from "../dedicated-actions";
import { GameServicePage } from "./game-service-page";

export const metadata: Metadata = { title: "Service" };

export default async function ServicePage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requireCustomer();
  if (!viewer.customer) notFound();
  const access = panelServiceAccess(viewer.customer);
  if (!access.canView) notFound();
  const { id } = await params;
  const db = getDb();
  const service = await findScopedServiceOrThrow(db, access.scope, id).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  });
  // "Renew now": POST /services/{id}/renew's rule (canRenewNow), for someone allowed to pay on a writable account.
  const renewable = canRenewNow(service) && mayAccess(viewer.customer, "services:renew") && isAccountWritable(viewer.customer.accountStatus);
  const renewCard = renewable ? (
    <Card>
      <CardHeader title="Renewal" />
      <CardBody>
        <RenewNow serviceId={service.id} nextDueDate={formatDate(service.nextDueDate!)} />
      </CardBody>
    </Card>
  ) : null;
  const back = (
    <Link href="/services" className="text-sm font-medium text-neutral-600 underline-offset-2 hover:underline">
      ← All services
    </Link>
  );

  if (service.product.kind === "dedicated") {
    const templatesOf = listOsTemplates(serviceContext({ db, actor: { ...access.scope, kind: "dedicated" } }), { serviceId: service.id });
    const [view, templates] = await Promise.all([getDedicatedAction(service.id), templatesOf.catch(() => ({ templates: [] }))]);
    if (!view) notFound();
    const ds = view.server;
    return (
      <>
        <PageHeader title={ds.hostname ?? ds.name} description={`${ds.product.name} · ${[ds.specs.cpu, ds.specs.ram, ds.specs.storage].filter(Boolean).join(" · ")}`} actions={back} />
        <div className="space-y-6">
          {ds.failure && (
            <Alert tone="error" title="Setting up this server failed">
              {ds.failure.message}
            </Alert>
          )}
          {(ds.status === "pending" || ds.status === "installing") && (
            <Alert tone="info" title="Your server is being set up">
              This page updates by itself. Installing a physical server takes several minutes.
            </Alert>
          )}
          <Card>
            <CardHeader title="Overview" />
            <CardBody>
              <dl className="grid gap-4 sm:grid-cols-3">
                <Detail label="Status">
                  <ServiceStatusBadge status={ds.status} />
                </Detail>
                <Detail label="Operating system">
                  <DedicatedOperatingSystem initial={view} />
                </Detail>
                <Detail label="Location">{ds.datacenter ? `${ds.datacenter.name}${ds.datacenter.rack ? `, rack ${ds.datacenter.rack}` : ""}` : "—"}</Detail>
                <Detail label="Hardware">{ds.hardware ? `${ds.hardware.manufacturer} ${ds.hardware.model}` : "—"}</Detail>
                <Detail label="Addresses">
                  <AddressList addresses={ds.ip_addresses} />
                </Detail>
                <Detail label="Billing">
                  {ds.billing.amount} {ds.billing.currency} / {ds.billing.cycle}
                </Detail>
              </dl>
            </CardBody>
          </Card>
          {(ds.status === "active" || ds.status === "suspended") && <UsageCard serviceId={service.id} kind="dedicated" load={getServiceUsageAction} />}
          {ds.status !== "terminated" && ds.status !== "provisioning_failed" && (
            <DedicatedControls initial={view} images={templates.templates.map((t) => ({ id: t.id, name: t.name, isDefault: t.isDefault }))} canPower={access.canPower} canManage={access.canManage} canCancel={access.canCancel} canConsole={access.canConsole} />
          )}
          {ds.status !== "terminated" && ds.status !== "provisioning_failed" && <ActivityCard serviceId={service.id} load={getServiceActivityAction} />}
        </div>
      </>
    );
  }

  if (service.product.kind === "game") {
    return <GameServicePage service={service} access={access} back={back} extra={renewCard} />;
  }

  if (service.product.kind !== "vps") {
    const doc = await serviceDocument(serviceContext({ db, actor: access.scope }), { serviceId: service.id });
    return (
      <>
        <PageHeader title={doc.hostname ?? doc.name} description={doc.product.name} actions={back} />
        <Card>
          <CardBody>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Detail label="Status">
                <ServiceStatusBadge status={doc.status} />
              </Detail>
              <Detail label="Address">{doc.primary_ip ?? "—"}</Detail>
              <Detail label="Location">{doc.location?.name ?? "—"}</Detail>
            </dl>
            <p className="mt-4 text-sm text-neutral-500">Remote controls for this kind of service are not in the panel yet; use the API or contact support.</p>
          </CardBody>
        </Card>
        {renewCard && <div className="mt-6">{renewCard}</div>}
      </>
    );
  }

  const [vps, templates, changes] = await Promise.all([
    vpsDocument(serviceContext({ db, actor: { ...access.scope, kind: "vps" } }), { serviceId: service.id, detail: true }),
    listOsTemplates(serviceContext({ db, actor: access.scope }), { serviceId: service.id }).catch(() => ({ templates: [] })),
    loadPanelServiceChanges({ ...serviceContext({ db, actor: access.scope }), buyer: { kind: "customer", accountId: viewer.customer.accountId, userId: viewer.user.id } }, { serviceId: service.id }),
  ]);
  const changeable = vps.status === "active" || vps.status === "suspended";

  return (
    <>
      <PageHeader title={vps.hostname ?? vps.name} description={`${vps.product.name} · ${[vps.specs.cpu, vps.specs.ram, vps.specs.storage].filter(Boolean).join(" · ")}`} actions={back} />
      <div className="space-y-6">
        {vps.failure && (
          <Alert tone="error" title="Setting up this server failed">
            {vps.failure.message}
          </Alert>
        )}
        {(vps.status === "pending" || vps.status === "installing") && (
          <Alert tone="info" title="Your server is being set up">
            This page updates by itself. Setup usually takes under a minute for a VPS.
          </Alert>
        )}
        <Card>
          <CardHeader title="Overview" />
          <CardBody>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Detail label="Status">
                <ServiceStatusBadge status={vps.status} />
              </Detail>
              <Detail label="Operating system">
                <VpsOperatingSystem initial={vps} />
              </Detail>
              <Detail label="Location">{vps.location?.name ?? "—"}</Detail>
              <Detail label="Addresses">
                <AddressList addresses={vps.ip_addresses} />
              </Detail>
              <Detail label="Billing">
                {vps.billing.amount} {vps.billing.currency} / {vps.billing.cycle}
              </Detail>
              <Detail label="Created">{formatDate(new Date(vps.created_at))}</Detail>
            </dl>
          </CardBody>
        </Card>
        {(vps.status === "active" || vps.status === "suspended") && <UsageCard serviceId={service.id} kind="vps" load={getServiceUsageAction} />}
        {renewCard}
        {vps.status !== "terminated" && vps.status !== "provisioning_failed" && (
          <VpsControls
            initial={vps}
            images={templates.templates.map((t) => ({ id: t.id, name: t.name, isDefault: t.isDefault }))}
            canPower={access.canPower}
            canManage={access.canManage}
            canCancel={access.canCancel}
            canConsole={access.canConsole}
          />
        )}
        {vps.status !== "terminated" && vps.status !== "provisioning_failed" && <ActivityCard serviceId={service.id} load={getServiceActivityAction} />}
        {changeable && (
          <UpgradeCard serviceId={service.id} currency={changes.currency} cycle={changes.cycle} rows={changes.rows} pending={changes.pending} canManage={access.canManage} unavailable={changes.unavailable} />
        )}
        {changeable && (
          <AddonsCard
            serviceId={service.id}
            currency={changes.currency}
            cycle={changes.cycle}
            held={changes.held}
            available={changes.available}
            canManage={access.canManage && vps.status === "active"}
            canCancel={access.canCancel}
          />
        )}
      </div>
    </>
  );
}
