import { z } from "zod";
import { getCustomerOrder } from "@/lib/orders";
import { defineEndpoint } from "../../define-endpoint";
import { customerOrder, customerOrderSchema } from "./order-views";

export const getOrderEndpoint = defineEndpoint({
  method: "GET",
  path: "/orders/{id}",
  scope: "read",
  access: "orders:view",
  tag: "orders",
  summary: "One order with its items and services",
  description: "404 when it is not your account's (or outside the request's project).",
  response: z.object({ order: customerOrderSchema }),
  async handler({ auth, db, now, params }) {
    return { order: customerOrder(await getCustomerOrder({ db, now, actor: { accountId: auth.accountId, projectId: auth.project?.id ?? null } }, { id: params.id })) };
  },
});
