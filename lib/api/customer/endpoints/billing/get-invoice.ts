import { getInvoiceOrThrow } from "@/lib/billing/get-billing-document-or-throw";
import { defineEndpoint } from "../../define-endpoint";
import { BILLING_READ } from "./billing-endpoint";
import { invoiceDetailJson, invoiceDetailSchema } from "./billing-json";

export const getInvoiceEndpoint = defineEndpoint({
  ...BILLING_READ,
  path: "/invoices/{id}",
  operationId: "getInvoice",
  summary: "One invoice with its lines, payments, paid and remaining amounts",
  description: "`settled` is true once nothing remains to pay. `proforma` names the proforma the invoice was converted from, if any.",
  response: invoiceDetailSchema,
  async handler({ auth, db, now, params }) {
    return invoiceDetailJson(await getInvoiceOrThrow({ db, now, actor: { accountId: auth.accountId } }, { id: params.id }));
  },
});
