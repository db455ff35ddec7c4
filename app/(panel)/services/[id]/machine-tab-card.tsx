import type { ReactNode } from "react";
import { ActivityCard } from "@/components/services/activity-card";
import { UsageCard } from "@/components/services/usage-card";
import type { ServiceTabSlug } from "@/lib/services/service-tabs";
import { getServiceActivityAction } from "../activity-actions";
import { getServiceUsageAction } from "../usage-actions";
import { BillingTab } from "./billing-tab";
import { DestroyTab } from "./destroy-tab";
import { NetworkingTab } from "./networking-tab";
import { cancellableOf, type ServicePageBase } from "./service-page-base";

/**
 * The card of a tab a VPS and a dedicated server show alike (Usage, Networking, Billing, Activity,
 * Destroy); null for the tabs each kind draws itself (Overview and its live cards).
 */
export function machineTabCard(tab: ServiceTabSlug, kind: "vps" | "dedicated", base: ServicePageBase): ReactNode | null {
  const { service, access } = base;
  switch (tab) {
    case "usage":
      return <UsageCard serviceId={service.id} kind={kind} load={getServiceUsageAction} />;
    case "networking":
      return <NetworkingTab serviceId={service.id} />;
    case "billing":
      return <BillingTab service={service} access={access} buyer={base.buyer} renewable={base.renewable} />;
    case "activity":
      return <ActivityCard serviceId={service.id} load={getServiceActivityAction} />;
    case "destroy":
      return <DestroyTab service={cancellableOf(service)} order={base.cancellableOrder} access={access} />;
    default:
      return null;
  }
}
