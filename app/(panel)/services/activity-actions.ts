"use server";

import { backendContext } from "@/lib/backends/context";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { advanceMachineJobs } from "@/lib/services/advance-machine-jobs";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { listServiceActivity, type ActivityRow } from "@/lib/services/service-activity";

/** The activity card's rows (listServiceActivity, jobs advanced first); null when the viewer may not see the service. */
export async function getServiceActivityAction(serviceId: string): Promise<ActivityRow[] | null> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return null;
  const access = panelServiceAccess(viewer.customer);
  if (!access.canView) return null;
  const db = getDb();
  const service = await findScopedServiceOrThrow(db, access.scope, serviceId).catch(() => null);
  if (!service) return null;
  await advanceMachineJobs(backendContext({ db }), service.id);
  return listServiceActivity(db, service);
}
