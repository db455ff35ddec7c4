import { z } from "zod";
import { listResellerOrders } from "@/lib/orders";
import { reply } from "../../../reply";
import { resellerOffsetPagination, resellerOffsetQuery } from "@/lib/schemas/pagination";
import { defineEndpoint } from "../../define-endpoint";
import { orderRow, orderRowSchema } from "./order-views";

const PAYMENT_STATUSES = ["pending", "processing", "paid", "failed", "refunded"] as const;

export const listOrdersEndpoint = defineEndpoint({
  method: "GET",
  path: "/orders",
  scope: "read",
  signed: false,
  summary: "Your orders, newest first, with offset pagination",
  description:
    "Orders placed through the API and, with `payment_mode: storefront` and no `external_order_id`, those placed at the client-panel " +
    "checkout. `status` filters on the payment status. `pagination` is `{total, limit, offset, hasMore}`. A key bound to a customer " +
    "sees only that customer's orders.",
  query: z.object({
    ...resellerOffsetQuery({ defaultLimit: 50, maxLimit: 200 }),
    externalOrderId: z.string().max(100).optional(),
    status: z.enum(PAYMENT_STATUSES, { error: `status must be one of ${PAYMENT_STATUSES.join(", ")}` }).optional(),
  }),
  response: z.array(orderRowSchema),
  async handler({ auth, db, now, query }) {
    const { orders, total } = await listResellerOrders(
      { db, now, actor: { resellerId: auth.resellerId, boundCustomerId: auth.customerId } },
      { externalOrderId: query.externalOrderId, paymentStatus: query.status, limit: query.limit, offset: query.offset },
    );
    return reply(orders.map((o) => orderRow(o)), { pagination: resellerOffsetPagination({ offset: query.offset, limit: query.limit, total }) });
  },
});
