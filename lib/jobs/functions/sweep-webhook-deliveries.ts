import { getDb } from "@/lib/db/client";
import { enqueueOutboxEvents } from "@/lib/webhooks/enqueue-outbox-events";
import { WEBHOOK_SWEEP_EVENT } from "@/lib/webhooks/request-webhook-sweep";
import { deliverDueWebhooks, pauseAndResumeDeliveries } from "@/lib/webhooks/sweep-webhook-deliveries";
import { inngest } from "../client";

/**
 * The reseller webhook sweep (docs/webhooks.md): once a minute, and at once when a test event or a
 * resend asks for it. Relays unrelayed outbox rows into deliveries, pauses and resumes deliveries by
 * profile status, then sends what is due. Sends happen inside one step; a delivery is claimed with a
 * lease, so a process that dies mid-step loses nothing — the next sweep takes the delivery up again.
 */
export const sweepWebhookDeliveries = inngest.createFunction(
  {
    id: "sweep-webhook-deliveries",
    name: "Send due reseller webhooks",
    triggers: [{ cron: "* * * * *" }, { event: WEBHOOK_SWEEP_EVENT }],
    retries: 1,
  },
  async ({ step }) => {
    const db = getDb();
    const relay = await step.run("relay-outbox", () => enqueueOutboxEvents({ db, now: new Date() }));
    const states = await step.run("pause-and-resume", () => pauseAndResumeDeliveries(db, new Date()));
    const sent = await step.run("deliver-due", () => deliverDueWebhooks({ db }));
    return { ...relay, ...states, ...sent };
  },
);
