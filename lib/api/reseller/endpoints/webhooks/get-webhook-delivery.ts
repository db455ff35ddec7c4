import { getWebhookDelivery as getResellerWebhookDelivery } from "@/lib/webhooks/webhook-deliveries";
import { defineEndpoint } from "../../define-endpoint";
import { webhookDeliveryDetailRow, webhookDeliveryDetailSchema } from "./webhook-delivery-row";

export const getWebhookDeliveryEndpoint = defineEndpoint({
  method: "GET",
  path: "/webhooks/deliveries/{deliveryId}",
  scope: "account",
  signed: false,
  tag: "webhooks",
  summary: "One webhook delivery with every attempt: the exact headers and body sent, status code, duration, error, the start of the answer",
  description: "404 when the delivery is not yours.",
  response: webhookDeliveryDetailSchema,
  async handler({ auth, db, now, params }) {
    return webhookDeliveryDetailRow(await getResellerWebhookDelivery({ db, now, actor: { resellerId: auth.resellerId } }, { deliveryId: params.deliveryId }));
  },
});
