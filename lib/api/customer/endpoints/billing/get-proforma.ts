import { getProformaOrThrow } from "@/lib/billing/get-billing-document-or-throw";
import { defineEndpoint } from "../../define-endpoint";
import { BILLING_READ } from "./billing-endpoint";
import { proformaDetailJson, proformaDetailSchema } from "./billing-json";

export const getProformaEndpoint = defineEndpoint({
  ...BILLING_READ,
  path: "/proformas/{id}",
  operationId: "getProforma",
  summary: "One proforma with its items, payments, paid and remaining amounts",
  description: "`invoice` is the invoice a fully paid proforma was converted into (status `converted`), else null.",
  response: proformaDetailSchema,
  async handler({ auth, db, now, params }) {
    return proformaDetailJson(await getProformaOrThrow({ db, now, actor: { accountId: auth.accountId } }, { id: params.id }));
  },
});
