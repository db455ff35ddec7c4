import { inngest } from "@/lib/jobs/client";
import { currentEmbeddedTarget } from "@/lib/jobs/embedded/bridge";
import { isInngestExternal } from "@/lib/jobs/is-inngest-external";

/** The event that starts the `service/provision` function for one service. */
export const SERVICE_PROVISION_EVENT = "service/provision.requested";

/**
 * Asks for new services to be built. Call it after the transaction that created them (in
 * `pending`) has committed, never inside it. Best effort and never throws: services still in
 * `pending` are picked up by the provisioning sweep, so a lost event only delays the build. The
 * event id is the service id, so asking twice starts one build. `attempt` names a later build of
 * the same service (the operator's retry of a failed one): the first event's id would be dropped as
 * a duplicate for 24 hours.
 */
export async function requestProvisioning(serviceIds: readonly string[], options: { attempt?: string } = {}): Promise<boolean> {
  if (serviceIds.length === 0) return true;
  if (!isInngestExternal() && !currentEmbeddedTarget()) return false;
  try {
    await inngest.send(serviceIds.map((serviceId) => ({ id: options.attempt ? `provision-${serviceId}-${options.attempt}` : `provision-${serviceId}`, name: SERVICE_PROVISION_EVENT, data: { serviceId } })));
    return true;
  } catch (err) {
    console.warn("[services] could not request provisioning now; the provisioning sweep will pick the services up", err);
    return false;
  }
}
