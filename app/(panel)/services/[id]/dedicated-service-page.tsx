import { notFound } from "next/navigation";
import { Detail } from "@/components/ui/detail";
import { getDb } from "@/lib/db/client";
import { listOsTemplates } from "@/lib/services/list-os-templates";
import { serviceContext } from "@/lib/services/service-context";
import { selectServiceTab, serviceTabs } from "@/lib/services/service-tabs";
import { getDedicatedAction } from "../dedicated-actions";
import { DedicatedControls, DedicatedOperatingSystem } from "./dedicated-controls";
import { MachineServiceView } from "./machine-service-view";
import type { ServicePageBase } from "./service-page-base";

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

  return (
    <MachineServiceView
      base={base}
      kind="dedicated"
      doc={ds}
      tabs={tabs}
      tab={tab}
      controls={controls}
      location={location}
      settingUp="Installing a physical server takes several minutes."
      passwordCard="Reinstall"
      details={
        <>
          <Detail label="Operating system">
            <DedicatedOperatingSystem initial={view} />
          </Detail>
          <Detail label="Hardware">{ds.hardware ? `${ds.hardware.manufacturer} ${ds.hardware.model}` : "—"}</Detail>
        </>
      }
    />
  );
}
