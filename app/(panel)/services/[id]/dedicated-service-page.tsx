import { notFound } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Detail } from "@/components/ui/detail";
import { listAccountSshKeys } from "@/lib/accounts/list-account-ssh-keys";
import { getDb } from "@/lib/db/client";
import { listOsTemplates } from "@/lib/services/list-os-templates";
import { orderedWithoutSshKey } from "@/lib/services/ordered-without-ssh-key";
import { serviceContext } from "@/lib/services/service-context";
import { selectServiceTab, serviceTabs } from "@/lib/services/service-tabs";
import { getDedicatedAction } from "../dedicated-actions";
import { DedicatedControls, DedicatedOperatingSystem } from "./dedicated-controls";
import { machineTabCard } from "./machine-tab-card";
import { ServiceOverview, SignInNote } from "./service-overview";
import type { ServicePageBase } from "./service-page-base";
import { ServicePageFrame } from "./service-page-frame";

/** A dedicated server's page: its tabs (lib/services/service-tabs.ts), each loading only what it shows. */
export async function DedicatedServicePage({ base }: { base: ServicePageBase }) {
  const { service, access } = base;
  const db = getDb();
  const view = await getDedicatedAction(service.id);
  if (!view) notFound();
  const ds = view.server;
  const features = ds.features;
  const tabs = serviceTabs({
    kind: "dedicated",
    status: ds.status,
    access,
    offers: features ? { power: features.power, console: features.console } : null,
    hasMachine: ds.hardware !== null,
    addresses: ds.ip_addresses.length,
    cancellationScheduled: ds.cancellation !== null,
    unpaidOrderCancellable: base.cancellableOrder !== null,
  });
  const tab = selectServiceTab(tabs, base.requestedTab);
  const templates =
    tab === "settings"
      ? await listOsTemplates(serviceContext({ db, actor: { ...access.scope, kind: "dedicated" } }), { serviceId: service.id }).catch(() => ({ templates: [] }))
      : { templates: [] };
  // The live cards poll the view while something runs, on every tab, as long as there is a server to follow.
  const controls = ds.status !== "terminated" && ds.status !== "provisioning_failed" && (
    <DedicatedControls
      tab={tab}
      initial={view}
      images={templates.templates.map((t) => ({ id: t.id, name: t.name, isDefault: t.isDefault }))}
      canPower={access.canPower}
      canManage={access.canManage}
      canConsole={access.canConsole}
    />
  );
  const location = ds.datacenter ? `${ds.datacenter.name}${ds.datacenter.rack ? `, rack ${ds.datacenter.rack}` : ""}` : (ds.location?.name ?? null);

  let content: React.ReactNode;
  switch (tab) {
    case "overview": {
      const signable = ds.status === "active" || ds.status === "suspended" || ds.status === "installing" || ds.status === "pending";
      const accountHasSshKeys = signable && !service.orderItem ? (await listAccountSshKeys({ db, now: new Date(), actor: access.scope })).length > 0 : true;
      content = (
        <>
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
          <ServiceOverview
            serviceId={service.id}
            status={ds.status}
            plan={ds.product.name}
            location={location}
            address={ds.primary_ip && <span className="font-mono">{ds.primary_ip}</span>}
            nextDueDate={ds.billing.next_due_date}
            cancellationDate={ds.cancellation?.scheduled_date ?? null}
            tabs={tabs}
            details={
              <>
                <Detail label="Operating system">
                  <DedicatedOperatingSystem initial={view} />
                </Detail>
                <Detail label="Hardware">{ds.hardware ? `${ds.hardware.manufacturer} ${ds.hardware.model}` : "—"}</Detail>
              </>
            }
          />
          {signable && orderedWithoutSshKey({ orderItem: service.orderItem, accountHasSshKeys }) && (
            <SignInNote serviceId={service.id} address={ds.primary_ip} tabs={tabs} passwordCard="Reinstall" />
          )}
          {controls}
        </>
      );
      break;
    }
    default: {
      // Usage, Networking, Billing, Activity and Destroy alike for both kinds; Power, Console, Settings: the live cards themselves.
      const card = machineTabCard(tab, "dedicated", base);
      content = card ? (
        <>
          {card}
          {controls}
        </>
      ) : (
        controls
      );
    }
  }

  return (
    <ServicePageFrame
      serviceId={service.id}
      title={ds.hostname ?? ds.name}
      description={`${ds.product.name} · ${[ds.specs.cpu, ds.specs.ram, ds.specs.storage].filter(Boolean).join(" · ")}`}
      back={base.back}
      tabs={tabs}
      current={tab}
    >
      {content}
    </ServicePageFrame>
  );
}
