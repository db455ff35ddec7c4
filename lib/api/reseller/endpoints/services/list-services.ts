import { z } from "zod";
import { listServices as listScopedServices } from "@/lib/services/list-services";
import { reply } from "../../../reply";
import { resellerPagePagination, resellerPageQuery } from "@/lib/schemas/pagination";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";
import { serviceRows, serviceRowSchema } from "./service-row";

export const listServicesEndpoint = defineEndpoint({
  method: "GET",
  path: "/services",
  scope: "read",
  signed: false,
  summary: "Your services, newest first, with page pagination",
  description:
    "`status` matches the stored status literally: an unknown value returns an empty page. `externalCustomerId` narrows to one customer record. " +
    "`pagination` is `{page, limit, total, totalPages}`. A key bound to a customer sees only that customer's services.",
  query: z.object({
    ...resellerPageQuery({ defaultLimit: 20, maxLimit: 100 }),
    // docs/decisions.md#d6: literal, so any value (however long; the URL is the only bound) is a filter, never a 400.
    status: z.string().optional(),
    externalCustomerId: z.string().max(255).optional(),
  }),
  response: z.array(serviceRowSchema),
  async handler({ auth, db, now, query }) {
    const { services, total } = await listScopedServices(resellerServiceContext(auth, db, now), {
      page: query.page,
      limit: query.limit,
      status: query.status,
      externalCustomerId: query.externalCustomerId,
    });
    return reply(await serviceRows(db, services), { pagination: resellerPagePagination({ page: query.page, limit: query.limit, total }) });
  },
});
