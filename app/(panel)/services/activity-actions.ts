"use server";

import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { listServiceActivity, type ActivityRow } from "@/lib/services/service-activity";
import { serviceContext } from "@/lib/services/service-context";

/** The activity card's rows (listServiceActivity, jobs advanced first); null when the viewer may not see the service. */
export async function getServiceActivityAction(serviceId: string): Promise<ActivityRow[] | null> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return null;
  const access = panelServiceAccess(viewer.customer);
  if (!access.canView) return null;
  return listServiceActivity(serviceContext({ db: getDb(), actor: access.scope }), { serviceId }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  });
}
