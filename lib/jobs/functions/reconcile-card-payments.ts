import { getDb } from "@/lib/db/client";
import { reconcileCardPayments } from "@/lib/orders/reconcile-card-payments";
import { SERVICE_PROVISION_EVENT } from "@/lib/services/request-provisioning";
import { inngest } from "../client";

/**
 * Every five minutes: settles card charges left `processing` past the timeout by asking the gateway
 * (lib/orders/reconcile-card-payments.ts). Settling claims the payment, so a retried or
 * overlapping run settles nothing twice. Services activated here are built through the usual event
 * (the provisioning sweep picks them up if it is lost).
 */
export const reconcileCardPaymentsJob = inngest.createFunction(
  { id: "reconcile-card-payments", name: "Reconcile card charges left processing", triggers: [{ cron: "*/5 * * * *" }], retries: 2 },
  async ({ event, step }) => {
    const now = typeof event.ts === "number" ? new Date(event.ts) : new Date();
    const outcome = await step.run("reconcile", async () => {
      const provisioned: string[] = [];
      const result = await reconcileCardPayments({
        db: getDb(),
        now,
        provision: async (ids) => {
          provisioned.push(...ids);
        },
      });
      return { ...result, provisioned };
    });
    if (outcome.provisioned.length > 0) {
      await step.sendEvent(
        "request-builds",
        outcome.provisioned.map((serviceId) => ({ id: `provision-${serviceId}`, name: SERVICE_PROVISION_EVENT, data: { serviceId } })),
      );
    }
    return outcome;
  },
);
