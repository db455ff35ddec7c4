import { z } from "zod";
import { RESELLER_WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { listWebhookDeliveries as listResellerWebhookDeliveries, WEBHOOK_DELIVERY_STATUSES } from "@/lib/webhooks/webhook-deliveries";
import { resellerOffsetPagination, resellerOffsetQuery } from "@/lib/schemas/pagination";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { webhookDeliveryRow, webhookDeliverySchema } from "./webhook-delivery-row";

export const listWebhookDeliveriesEndpoint = defineEndpoint({
  method: "GET",
  path: "/webhooks/deliveries",
  scope: "account",
  signed: false,
  tag: "webhooks",
  summary: "Your webhook deliveries, newest first",
  description: "Filter by `event` and `status`. `pagination` is `{total, limit, offset, hasMore}`.",
  query: z.object({
    ...resellerOffsetQuery({ defaultLimit: 50, maxLimit: 200 }),
    event: z.enum(RESELLER_WEBHOOK_EVENTS, { error: `event must be one of ${RESELLER_WEBHOOK_EVENTS.join(", ")}` }).optional(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(", ")}` }).optional(),
  }),
  response: z.array(webhookDeliverySchema),
  async handler({ auth, db, now, query }) {
    const { deliveries, total } = await listResellerWebhookDeliveries(
      { db, now, actor: { resellerId: auth.resellerId } },
      { event: query.event, status: query.status, limit: query.limit, offset: query.offset },
    );
    return reply(deliveries.map(webhookDeliveryRow), { pagination: resellerOffsetPagination({ offset: query.offset, limit: query.limit, total }) });
  },
});
