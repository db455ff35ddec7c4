import { z } from "zod";
import { listResellerCustomers } from "@/lib/resellers/customers/list-reseller-customers";
import { reply } from "../../../reply";
import { resellerPagePagination, resellerPageQuery } from "@/lib/schemas/pagination";
import { defineEndpoint } from "../../define-endpoint";
import { customerRow, customerRowSchema } from "./customer-row";

export const listCustomersEndpoint = defineEndpoint({
  method: "GET",
  path: "/customers",
  scope: "read",
  signed: false,
  summary: "Your customer records, newest first, with page pagination",
  description:
    "`search` matches the external id, email or name. `pagination` is `{page, limit, total, totalPages}`. " +
    "A key bound to a customer sees only that record, without `service_count`.",
  query: z.object({
    ...resellerPageQuery({ defaultLimit: 20, maxLimit: 100 }),
    search: z.string().max(255).optional(),
  }),
  response: z.array(customerRowSchema),
  async handler({ auth, db, now, query }) {
    const { customers, total } = await listResellerCustomers(
      { db, now, actor: { resellerId: auth.resellerId, boundCustomerId: auth.customerId } },
      { page: query.page, limit: query.limit, search: query.search },
    );
    return reply(
      customers.map((c) => customerRow(c, auth.customerId ? undefined : c.serviceCount)),
      { pagination: resellerPagePagination({ page: query.page, limit: query.limit, total }) },
    );
  },
});
