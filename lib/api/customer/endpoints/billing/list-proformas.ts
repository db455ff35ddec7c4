import { z } from "zod";
import { listProformas, PROFORMA_STATUSES } from "@/lib/billing/list-proformas";
import { customerPageQuery, customerPagination } from "@/lib/schemas/pagination";
import { defineEndpoint } from "../../define-endpoint";
import { paginationSchema, proformaRowJson, proformaRowSchema } from "./billing-json";

export const listProformasEndpoint = defineEndpoint({
  method: "GET",
  path: "/proformas",
  scope: "read",
  permissions: ["invoices.view"],
  tag: "billing",
  operationId: "listProformas",
  summary: "The account's proformas, newest first",
  description:
    "`?status=unpaid` (or `converted`, `cancelled`) filters the list. `data.pagination` is `{page, limit, total, pages}`. A paid " +
    "proforma is `converted` and names its `invoice`. Team members need `invoices.view`.",
  query: z.object({ ...customerPageQuery({ defaultLimit: 20 }), status: z.enum(PROFORMA_STATUSES).optional() }),
  response: z.object({ proformas: z.array(proformaRowSchema), pagination: paginationSchema }),
  async handler({ auth, db, query }) {
    const { proformas, total } = await listProformas({ accountId: auth.accountId }, query, { db });
    return {
      proformas: proformas.map(proformaRowJson),
      pagination: customerPagination({ page: query.page, limit: query.limit, total }) as z.infer<typeof paginationSchema>,
    };
  },
});
