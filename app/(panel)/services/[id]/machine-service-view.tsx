import { Alert } from "@/components/ui/alert";
import type { ServiceStatus } from "@/lib/generated/prisma/client";
import { listAccountSshKeys } from "@/lib/accounts/list-account-ssh-keys";
import { getDb } from "@/lib/db/client";
import { orderedWithoutSshKey } from "@/lib/services/ordered-without-ssh-key";
import type { ServiceTab, ServiceTabSlug } from "@/lib/services/service-tabs";
import { machineTabCard } from "./machine-tab-card";
import { ServiceOverview, SignInNote } from "./service-overview";
import type { ServicePageBase } from "./service-page-base";
import { ServicePageFrame } from "./service-page-frame";

/** What a VPS's and a dedicated server's customer documents share, as their pages show it. */
export interface MachineServiceDocument {
  status: ServiceStatus;
  failure: { message: string } | null;
  hostname: string | null;
  name: string;
  product: { name: string };
  specs: { cpu?: string | null; ram?: string | null; storage?: string | null };
  primary_ip: string | null;
  billing: { next_due_date: string | null };
  cancellation: { scheduled_date: string } | null;
}

/**
 * The page of a machine (VPS or dedicated server) around its kind's own parts: the Overview tab
 * (set-up alerts, the summary, how to sign in when ordered without an SSH key), the tabs alike for
 * both kinds (machineTabCard), the live `controls` under every tab, and the frame with the tab strip.
 */
export async function MachineServiceView({
  base,
  kind,
  doc,
  tabs,
  tab,
  controls,
  location,
  details,
  settingUp,
  passwordCard,
}: {
  base: ServicePageBase;
  kind: "vps" | "dedicated";
  doc: MachineServiceDocument;
  tabs: ServiceTab[];
  tab: ServiceTabSlug;
  controls: React.ReactNode;
  location: string | null;
  details: React.ReactNode;
  /** What the "being set up" alert says of how long it takes. */
  settingUp: string;
  passwordCard: "Root password" | "Reinstall";
}) {
  const { service, access } = base;
  let content: React.ReactNode;
  if (tab === "overview") {
    const signable = doc.status === "active" || doc.status === "suspended" || doc.status === "installing" || doc.status === "pending";
    const accountHasSshKeys = signable && !service.orderItem ? (await listAccountSshKeys({ db: getDb(), now: new Date(), actor: access.scope })).length > 0 : true;
    content = (
      <>
        {doc.failure && (
          <Alert tone="error" title="Setting up this server failed">
            {doc.failure.message}
          </Alert>
        )}
        {(doc.status === "pending" || doc.status === "installing") && (
          <Alert tone="info" title="Your server is being set up">
            This page updates by itself. {settingUp}
          </Alert>
        )}
        <ServiceOverview
          serviceId={service.id}
          status={doc.status}
          plan={doc.product.name}
          location={location}
          address={doc.primary_ip && <span className="font-mono">{doc.primary_ip}</span>}
          nextDueDate={doc.billing.next_due_date}
          cancellationDate={doc.cancellation?.scheduled_date ?? null}
          tabs={tabs}
          details={details}
        />
        {signable && orderedWithoutSshKey({ orderItem: service.orderItem, accountHasSshKeys }) && (
          <SignInNote serviceId={service.id} address={doc.primary_ip} tabs={tabs} passwordCard={passwordCard} />
        )}
        {controls}
      </>
    );
  } else {
    // Usage, Networking, Billing, Activity and Destroy alike for both kinds; the others are the live cards themselves.
    const card = machineTabCard(tab, kind, base);
    content = card ? (
      <>
        {card}
        {controls}
      </>
    ) : (
      controls
    );
  }

  return (
    <ServicePageFrame
      serviceId={service.id}
      title={doc.hostname ?? doc.name}
      description={`${doc.product.name} · ${[doc.specs.cpu, doc.specs.ram, doc.specs.storage].filter(Boolean).join(" · ")}`}
      back={base.back}
      tabs={tabs}
      current={tab}
    >
      {content}
    </ServicePageFrame>
  );
}
