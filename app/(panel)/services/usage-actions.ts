"use server";

import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { serviceUsage, type ServiceUsage } from "@/lib/services/samples/service-usage";
import { serviceContext } from "@/lib/services/service-context";

/** The usage card's data (serviceUsage); null when the viewer may not see the service. */
export async function getServiceUsageAction(serviceId: string, range: string): Promise<ServiceUsage | null> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return null;
  const access = panelServiceAccess(viewer.customer);
  if (!access.canView) return null;
  return serviceUsage(serviceContext({ db: getDb(), actor: access.scope }), { serviceId, range }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  });
}
