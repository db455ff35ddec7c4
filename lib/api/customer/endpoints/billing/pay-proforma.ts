import { payProformaFromCredit } from "@/lib/billing/pay-proforma-from-credit";
import { creditActorOf } from "../../customer-auth";
import { defineEndpoint } from "../../define-endpoint";
import { BILLING_PAY } from "./billing-endpoint";
import { autoCreditAppliedJson, autoCreditAppliedSchema } from "./billing-json";

export const payProformaEndpoint = defineEndpoint({
  ...BILLING_PAY,
  path: "/proformas/{id}/pay",
  operationId: "payProforma",
  summary: "Pay a proforma from your credit; paid in full it becomes a paid invoice",
  description:
    "Body `{}` pays the whole outstanding amount; `{\"amount\": \"10.00\"}` pays part of it. Always spends the caller's own credit. " +
    "Paid in full, the proforma is `converted` and `invoice` names the paid invoice it became (null while something remains). " +
    "Refusals, 400, in this order: `Proforma cannot be paid: …` (for example already converted), " +
    "`Amount exceeds the outstanding proforma balance`, `Insufficient credit balance`. At most 10 credit payments per minute per proforma.",
  // The same object as an order's `autoCreditApplied`: what the credit did to the proforma.
  response: autoCreditAppliedSchema,
  async handler({ auth, db, params, body, now }) {
    return autoCreditAppliedJson(await payProformaFromCredit({ db, now, actor: creditActorOf(auth) }, { id: params.id, amount: body.amount }));
  },
});
