import { getDb } from "@/lib/db/client";
import { findStrandedServices } from "@/lib/services/provisioning/find-stranded-services";
import { SERVICE_PROVISION_EVENT } from "@/lib/services/request-provisioning";
import { inngest } from "../client";

/**
 * Every five minutes: asks again for the build of services still `pending` with no build claimed.
 * The event id names the sweep's minute, not the order's id: an earlier event for the service may have
 * been stored and its run skipped (the service was still `pending_payment`), and reusing that id would
 * be dropped as a duplicate for 24 hours. Two runs for one service cannot both build: the claim decides.
 */
export const sweepPendingServices = inngest.createFunction(
  { id: "sweep-pending-services", name: "Re-request builds of stranded services", triggers: [{ cron: "*/5 * * * *" }], retries: 1 },
  async ({ event, step }) => {
    const now = typeof event.ts === "number" ? new Date(event.ts) : new Date();
    const ids = await step.run("find-stranded", () => findStrandedServices(getDb(), now));
    if (ids.length > 0) {
      await step.sendEvent(
        "request-builds",
        ids.map((serviceId) => ({ id: `provision-${serviceId}-sweep-${now.toISOString()}`, name: SERVICE_PROVISION_EVENT, data: { serviceId } })),
      );
    }
    return { requested: ids.length };
  },
);
