import { z } from "zod";
import { listCustomerOrders } from "@/lib/orders";
import { customerPageQuery, customerPagination } from "@/lib/schemas/pagination";
import { defineEndpoint } from "../../define-endpoint";
import { customerOrder, customerOrderSchema } from "./order-views";

export const listOrdersEndpoint = defineEndpoint({
  method: "GET",
  path: "/orders",
  scope: "read",
  access: "orders:view",
  tag: "orders",
  summary: "Your account's orders, newest first",
  description:
    "`hostname` (case-insensitive, as ordered) and `idempotencyKey` filter; a project-scoped request lists that project's orders. " +
    "`data` is `{orders, pagination {page, limit, total}}`.",
  query: z.object({
    ...customerPageQuery({ defaultLimit: 20 }),
    hostname: z.string().max(253).optional(),
    idempotencyKey: z.string().max(255).optional(),
  }),
  response: z.object({ orders: z.array(customerOrderSchema), pagination: z.object({ page: z.number(), limit: z.number(), total: z.number() }) }),
  async handler({ auth, db, now, query }) {
    const { orders, total } = await listCustomerOrders(
      { db, now, actor: { accountId: auth.accountId, projectId: auth.project?.id ?? null } },
      { hostname: query.hostname, idempotencyKey: query.idempotencyKey, page: query.page, limit: query.limit },
    );
    return {
      orders: orders.map(customerOrder),
      pagination: customerPagination({ page: query.page, limit: query.limit, total }, null) as { page: number; limit: number; total: number },
    };
  },
});
