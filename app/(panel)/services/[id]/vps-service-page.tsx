import { Detail } from "@/components/ui/detail";
import { getDb } from "@/lib/db/client";
import { formatDate } from "@/lib/format/format-date";
import { vpsDocument } from "@/lib/services/customer-documents";
import { listOsTemplates } from "@/lib/services/list-os-templates";
import { serviceContext } from "@/lib/services/service-context";
import { selectServiceTab, serviceTabs } from "@/lib/services/service-tabs";
import { MachineServiceView } from "./machine-service-view";
import type { ServicePageBase } from "./service-page-base";
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

  return (
    <MachineServiceView
      base={base}
      kind="vps"
      doc={vps}
      tabs={tabs}
      tab={tab}
      controls={controls}
      location={vps.location?.name ?? null}
      settingUp="Setup usually takes under a minute for a VPS."
      passwordCard="Root password"
      details={
        <>
          <Detail label="Operating system">
            <VpsOperatingSystem initial={vps} />
          </Detail>
          <Detail label="Created">{formatDate(new Date(vps.created_at))}</Detail>
        </>
      }
    />
  );
}
