import { z } from "zod";
import { listProformas, PROFORMA_STATUSES } from "@/lib/billing/list-proformas";
import { defineEndpoint } from "../../define-endpoint";
import { BILLING_READ, documentListQuery, documentPagination } from "./billing-endpoint";
import { paginationSchema, proformaRowJson, proformaRowSchema } from "./billing-json";

export const listProformasEndpoint = defineEndpoint({
  ...BILLING_READ,
  path: "/proformas",
  operationId: "listProformas",
  summary: "The account's proformas, newest first",
  description:
    "`?status=unpaid` (or `converted`, `cancelled`) filters the list. `data.pagination` is `{page, limit, total, pages}`. A paid " +
    "proforma is `converted` and names its `invoice`. Team members need `invoices.view`.",
  query: documentListQuery(PROFORMA_STATUSES),
  response: z.object({ proformas: z.array(proformaRowSchema), pagination: paginationSchema }),
  async handler({ auth, db, now, query }) {
    const { proformas, total } = await listProformas({ db, now, actor: { accountId: auth.accountId } }, query);
    return {
      proformas: proformas.map(proformaRowJson),
      pagination: documentPagination(query, total),
    };
  },
});
