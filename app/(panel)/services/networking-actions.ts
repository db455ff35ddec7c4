"use server";

import { isAccountWritable } from "@/lib/accounts/account-permissions";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import type { IpAddressView } from "@/lib/backends/types";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { serviceNetworking, RDNS_NEEDS_MANAGE, type ServiceNetworking } from "@/lib/services/network/service-networking";
import { setServiceReverseDns } from "@/lib/services/network/set-service-reverse-dns";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { serviceContext } from "@/lib/services/service-context";
import { requireCustomer } from "@/lib/auth/session";
import { access } from "./panel-access";

// The service page's Networking card (components/services/service-networking.tsx): its data for the
// signed-in member and the reverse DNS save, both through lib/services/network.

/**
 * The loader: the service's addresses and whether the signed-in member may change their reverse
 * DNS, or null when the member may not see the service (another account's id, no services.view).
 */
export async function getServiceNetworkingAction(serviceId: string): Promise<ServiceNetworking | null> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return null;
  const a = panelServiceAccess(viewer.customer);
  if (!a.canView) return null;
  const ctx = serviceContext({ db: getDb(), actor: a.scope });
  return serviceNetworking(ctx, { serviceId, mayChange: a.canManage, writable: isAccountWritable(viewer.customer.accountStatus) }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  });
}

/** Sets one address's PTR name; an empty name clears it. A refused name comes back as `fieldErrors.hostname`. */
export async function setReverseDnsAction(serviceId: string, ipAddressId: string, hostname: string): Promise<ActionResult<IpAddressView>> {
  return runAction(
    async () => {
      const a = await access({ change: true });
      if (!a.canManage) throw new DomainError("forbidden", RDNS_NEEDS_MANAGE);
      const name = hostname.trim();
      const view = await setServiceReverseDns(serviceContext({ db: getDb(), actor: a.scope }), { serviceId, ipAddressId, hostname: name === "" ? null : name });
      return { data: view, message: view.reverseDns ? `Reverse DNS of ${view.address} set to ${view.reverseDns}` : `Reverse DNS of ${view.address} cleared` };
    },
    { log: "[panel] reverse DNS change failed" },
  );
}
