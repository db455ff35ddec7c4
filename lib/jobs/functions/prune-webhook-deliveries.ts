import { getDb } from "@/lib/db/client";
import { pruneWebhookDeliveries as pruneDeliveries } from "@/lib/webhooks/prune-webhook-deliveries";
import { inngest } from "../client";

/**
 * Daily housekeeping of the reseller webhook log (docs/webhooks.md "Retention"): delivered and
 * permanently failed deliveries that finished more than 30 days ago, with their attempts, and
 * older attempts of deliveries that are kept. Pending and paused deliveries stay.
 */
export const pruneWebhookDeliveries = inngest.createFunction(
  { id: "prune-webhook-deliveries", name: "Prune old webhook deliveries", triggers: [{ cron: "41 3 * * *" }], retries: 2 },
  async ({ event, step }) => {
    // The scheduled minute, not the wall clock: a retry later prunes the same window.
    const now = new Date(typeof event.ts === "number" ? event.ts : Date.now());
    const db = getDb();
    return step.run("prune-webhook-log", () => pruneDeliveries(db, now));
  },
);
