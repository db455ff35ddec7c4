import { z } from "zod";
import { payProformaFromCredit } from "@/lib/billing/pay-proforma-from-credit";
import { moneyString } from "@/lib/format/money-string";
import { defineEndpoint } from "../../define-endpoint";
import { payBodySchema } from "./billing-json";

export const payProformaEndpoint = defineEndpoint({
  method: "POST",
  path: "/proformas/{id}/pay",
  scope: "billing",
  permissions: ["invoices.pay"],
  cooldown: "creditPayment",
  tag: "billing",
  operationId: "payProforma",
  summary: "Pay a proforma from your credit; paid in full it becomes a paid invoice",
  description:
    "Body `{}` pays the whole outstanding amount; `{\"amount\": \"10.00\"}` pays part of it. Always spends the caller's own credit. " +
    "Paid in full, the proforma is `converted` and `invoice` names the paid invoice it became (null while something remains). " +
    "Refusals, 400, in this order: `Proforma cannot be paid: …` (for example already converted), " +
    "`Amount exceeds the outstanding proforma balance`, `Insufficient credit balance`. At most 10 credit payments per minute per proforma.",
  body: payBodySchema,
  response: z.object({
    creditApplied: z.string(),
    newBalance: z.string(),
    remainingAmount: z.string(),
    proformaPaid: z.boolean(),
    invoice: z.object({ invoice_number: z.string(), status: z.string() }).nullable(),
  }),
  async handler({ auth, db, params, body, now }) {
    const r = await payProformaFromCredit(
      { accountId: auth.accountId, userId: auth.user.id, isOwner: auth.role === "owner" },
      params.id,
      { db, now, amount: body.amount },
    );
    return {
      creditApplied: moneyString(r.creditApplied),
      newBalance: moneyString(r.newBalance),
      remainingAmount: moneyString(r.remainingAmount),
      proformaPaid: r.proformaPaid,
      invoice: r.invoice ? { invoice_number: r.invoice.number, status: r.invoice.status } : null,
    };
  },
});
