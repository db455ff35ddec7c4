"use server";

import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { serviceUsage, type ServiceUsage } from "@/lib/services/samples/service-usage";

/** The usage card's data (serviceUsage); null when the viewer may not see the service. */
export async function getServiceUsageAction(serviceId: string, range: string): Promise<ServiceUsage | null> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return null;
  const access = panelServiceAccess(viewer.customer);
  if (!access.canView) return null;
  const db = getDb();
  const service = await findScopedServiceOrThrow(db, access.scope, serviceId).catch(() => null);
  return service ? serviceUsage(db, service, range, new Date()) : null;
}
