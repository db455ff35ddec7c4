import { getDb } from "@/lib/db/client";
import { backendContext, type BackendContext } from "@/lib/backends/context";
import { chargeHourlyServices } from "@/lib/billing/renewals/charge-hourly-services";
import { inngest } from "../client";

/**
 * Hourly services are charged from credit every hour (at :07), not only by the nightly run, so an
 * account's balance follows its usage and a service is suspended soon after its credit runs out.
 */
export function createBillingHourlyFunction(context: () => BackendContext = () => backendContext({ db: getDb() })) {
  return inngest.createFunction(
    { id: "billing-hourly", name: "Charge hourly services from credit", triggers: [{ cron: "7 * * * *" }], retries: 2 },
    async ({ step }) => {
      const ctx = context();
      return { hourly: await step.run("charge-hourly", () => chargeHourlyServices(ctx)) };
    },
  );
}

export const billingHourly = createBillingHourlyFunction();
