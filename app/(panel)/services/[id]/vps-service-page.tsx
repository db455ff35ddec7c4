import { Alert } from "@/components/ui/alert";
import { Detail } from "@/components/ui/detail";
import { listAccountSshKeys } from "@/lib/accounts/list-account-ssh-keys";
import { getDb } from "@/lib/db/client";
import { formatDate } from "@/lib/format/format-date";
import { vpsDocument } from "@/lib/services/customer-documents";
import { listOsTemplates } from "@/lib/services/list-os-templates";
import { orderedWithoutSshKey } from "@/lib/services/ordered-without-ssh-key";
import { serviceContext } from "@/lib/services/service-context";
import { selectServiceTab, serviceTabs } from "@/lib/services/service-tabs";
import { machineTabCard } from "./machine-tab-card";
import { ServiceOverview, SignInNote } from "./service-overview";
import type { ServicePageBase } from "./service-page-base";
import { ServicePageFrame } from "./service-page-frame";
import { VpsControls, VpsOperatingSystem } from "./vps-controls";

/** A VPS's page: its tabs (lib/services/service-tabs.ts), each loading only what it shows. */
export async function VpsServicePage({ base }: { base: ServicePageBase }) {
  const { service, access } = base;
  const db = getDb();
  const vps = await vpsDocument(serviceContext({ db, actor: { ...access.scope, kind: "vps" } }), { serviceId: service.id, detail: true });
  const caps = vps.capabilities;
  const tabs = serviceTabs({
    kind: "vps",
    status: vps.status,
    access,
    offers: caps ? { power: caps.actions.length > 0, console: caps.console, snapshots: caps.snapshots, images: caps.images } : null,
    hasMachine: vps.instance !== null,
    addresses: vps.ip_addresses.length,
    cancellationScheduled: vps.cancellation !== null,
    unpaidOrderCancellable: base.cancellableOrder !== null,
  });
  const tab = selectServiceTab(tabs, base.requestedTab);
  const templates = tab === "settings" ? await listOsTemplates(serviceContext({ db, actor: access.scope }), { serviceId: service.id }).catch(() => ({ templates: [] })) : { templates: [] };
  // The live cards poll the document while something runs, on every tab, as long as there is a machine to follow.
  const controls = vps.status !== "terminated" && vps.status !== "provisioning_failed" && (
    <VpsControls
      tab={tab}
      initial={vps}
      images={templates.templates.map((t) => ({ id: t.id, name: t.name, isDefault: t.isDefault }))}
      canPower={access.canPower}
      canManage={access.canManage}
      canConsole={access.canConsole}
    />
  );

  let content: React.ReactNode;
  switch (tab) {
    case "overview": {
      const signable = vps.status === "active" || vps.status === "suspended" || vps.status === "installing" || vps.status === "pending";
      const accountHasSshKeys = signable && !service.orderItem ? (await listAccountSshKeys({ db, now: new Date(), actor: access.scope })).length > 0 : true;
      content = (
        <>
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
          <ServiceOverview
            serviceId={service.id}
            status={vps.status}
            plan={vps.product.name}
            location={vps.location?.name ?? null}
            address={vps.primary_ip && <span className="font-mono">{vps.primary_ip}</span>}
            nextDueDate={vps.billing.next_due_date}
            cancellationDate={vps.cancellation?.scheduled_date ?? null}
            tabs={tabs}
            details={
              <>
                <Detail label="Operating system">
                  <VpsOperatingSystem initial={vps} />
                </Detail>
                <Detail label="Created">{formatDate(new Date(vps.created_at))}</Detail>
              </>
            }
          />
          {signable && orderedWithoutSshKey({ orderItem: service.orderItem, accountHasSshKeys }) && (
            <SignInNote serviceId={service.id} address={vps.primary_ip} tabs={tabs} passwordCard="Root password" />
          )}
          {controls}
        </>
      );
      break;
    }
    default: {
      // Usage, Networking, Billing, Activity and Destroy alike for both kinds; Power, Console, Settings, Backups and snapshots: the live cards themselves.
      const card = machineTabCard(tab, "vps", base);
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
      title={vps.hostname ?? vps.name}
      description={`${vps.product.name} · ${[vps.specs.cpu, vps.specs.ram, vps.specs.storage].filter(Boolean).join(" · ")}`}
      back={base.back}
      tabs={tabs}
      current={tab}
    >
      {content}
    </ServicePageFrame>
  );
}
