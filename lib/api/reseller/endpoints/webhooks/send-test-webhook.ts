import { z } from "zod";
import { queueTestWebhook } from "@/lib/webhooks/queue-test-webhook";
import { requestWebhookSweep } from "@/lib/webhooks/request-webhook-sweep";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";

export const sendTestWebhookEndpoint = defineEndpoint({
  method: "POST",
  path: "/webhooks/test",
  scope: "account",
  signed: true,
  tag: "webhooks",
  status: 202,
  summary: "Queue a webhook.test event",
  description:
    "Only confirms queuing: the event is sent by the delivery sweep within moments (and retried like any other). " +
    "Follow it with `GET /webhooks/deliveries/{deliveryId}`. `400 No webhook URL configured` without a URL.",
  response: z.object({
    deliveryId: z.string().describe("Also the X-Webhook-Id of the delivery"),
    event: z.literal("webhook.test"),
    status: z.enum(["pending", "paused"]),
  }),
  async handler({ auth, db, now }) {
    const queued = await queueTestWebhook({ db, now, actor: { resellerId: auth.resellerId } });
    await requestWebhookSweep();
    return reply({ deliveryId: queued.deliveryId, event: "webhook.test" as const, status: queued.status }, { message: "Test event queued" });
  },
});
