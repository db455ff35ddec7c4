import { requestWebhookSweep } from "@/lib/webhooks/request-webhook-sweep";
import { resendWebhookDelivery as resendResellerWebhookDelivery } from "@/lib/webhooks/webhook-deliveries";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { webhookDeliveryRow, webhookDeliverySchema } from "./webhook-delivery-row";

export const resendWebhookDeliveryEndpoint = defineEndpoint({
  method: "POST",
  path: "/webhooks/deliveries/{deliveryId}/resend",
  scope: "account",
  signed: true,
  tag: "webhooks",
  summary: "Send a delivery again: a fresh round of attempts, due now, with the same X-Webhook-Id",
  description: "Works in any state (a delivered event is sent once more). 404 when the delivery is not yours.",
  response: webhookDeliverySchema,
  async handler({ auth, db, params, now }) {
    const delivery = await resendResellerWebhookDelivery({ db, now, actor: { resellerId: auth.resellerId } }, { deliveryId: params.deliveryId });
    await requestWebhookSweep();
    return reply(webhookDeliveryRow(delivery), { message: "Delivery queued again" });
  },
});
