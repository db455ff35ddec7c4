import { getDb } from "@/lib/db/client";
import { backendContext, type BackendContext } from "@/lib/backends/context";
import { terminateDueCancellations } from "@/lib/services/lifecycle/cancel-service";
import { inngest } from "../client";

/** Every ten minutes: terminates services whose scheduled cancellation (end of the paid period) has come. */
export function createTerminateCancelledServicesFunction(context: () => BackendContext = () => backendContext({ db: getDb() })) {
  return inngest.createFunction(
    { id: "terminate-cancelled-services", name: "Terminate services at their scheduled cancellation", triggers: [{ cron: "*/10 * * * *" }], retries: 1 },
    async ({ step }) => {
      const ctx = context();
      return { terminated: await step.run("terminate-due", () => terminateDueCancellations(ctx)) };
    },
  );
}

export const terminateCancelledServices = createTerminateCancelledServicesFunction();
