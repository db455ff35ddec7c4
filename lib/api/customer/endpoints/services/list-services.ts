import { z } from "zod";
import { serviceDocuments } from "@/lib/services/customer-documents";
import { listServices as listScoped, serviceStats } from "@/lib/services/list-services";
import { customerPageQuery, customerPagination } from "@/lib/schemas/pagination";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "./customer-service-scope";

export const listServicesEndpoint = defineEndpoint({
  method: "GET",
  path: "/services",
  scope: "read",
  access: "services:view",
  tag: "services",
  summary: "Your services (the panel's service documents), newest first",
  description:
    "`data` holds `services`, `pagination {page, limit, total, pages}` and `stats` (counts and per-cycle money totals by status). " +
    "`status` filters literally; `search` matches hostname, name or product. Narrowed to the request's project.",
  query: z.object({ ...customerPageQuery({ defaultLimit: 20 }), status: z.string().max(64).optional(), search: z.string().max(255).optional() }),
  response: z.object({ services: z.array(z.record(z.string(), z.unknown())), pagination: z.record(z.string(), z.number()), stats: z.record(z.string(), z.unknown()) }),
  async handler({ auth, db, now, query }) {
    const ctx = customerServiceContext(auth, db, now);
    const { services, total } = await listScoped(ctx, { page: query.page, limit: query.limit, status: query.status, search: query.search });
    const docs = await serviceDocuments(db, services);
    return { services: docs as unknown as Record<string, unknown>[], pagination: customerPagination({ page: query.page, limit: query.limit, total }), stats: await serviceStats(ctx) };
  },
});
