import { z } from "zod";
import { vpsDocumentOf } from "@/lib/services/customer-documents";
import { listServices } from "@/lib/services/list-services";
import { projectsOfServices } from "@/lib/services/projects-of-services";
import { reply } from "../../../reply";
import { customerPageQuery, customerPagination } from "@/lib/schemas/pagination";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "../services/customer-service-scope";

export const listVpsEndpoint = defineEndpoint({
  method: "GET",
  path: "/vps",
  scope: "read",
  access: "services:view",
  module: "nativeVps",
  tag: "vps",
  summary: "Your VPS, newest first",
  description: "`data` is the array; `pagination {page, limit, total, pages}` beside it (default limit 50). Rows carry `failure` but not `capabilities`.",
  query: z.object({ ...customerPageQuery({ defaultLimit: 50 }), status: z.string().max(64).optional() }),
  response: z.array(z.record(z.string(), z.unknown())),
  async handler({ auth, db, now, query }) {
    const { services, total } = await listServices(customerServiceContext(auth, db, now), { page: query.page, limit: query.limit, status: query.status, kinds: ["vps"] });
    const projects = await projectsOfServices(db, services);
    const rows = [];
    for (const s of services) rows.push((await vpsDocumentOf(db, s, { detail: false, projects })) as unknown as Record<string, unknown>);
    return reply(rows, { pagination: customerPagination({ page: query.page, limit: query.limit, total }) });
  },
});
