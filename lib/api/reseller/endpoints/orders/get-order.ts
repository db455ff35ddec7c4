import { getResellerOrder } from "@/lib/orders";
import { defineEndpoint } from "../../define-endpoint";
import { orderRow, orderRowSchema } from "./order-views";

export const getOrderEndpoint = defineEndpoint({
  method: "GET",
  path: "/orders/{orderId}",
  scope: "read",
  signed: false,
  summary: "One order, with its provisioning error",
  description: "404 when the order is not yours (or not your bound customer's).",
  response: orderRowSchema,
  async handler({ auth, db, now, params }) {
    return orderRow(await getResellerOrder({ db, now, actor: { resellerId: auth.resellerId, boundCustomerId: auth.customerId } }, { id: params.orderId }), { single: true });
  },
});
