import { z } from "zod";
import { payInvoiceFromCredit } from "@/lib/billing/pay-invoice-from-credit";
import { moneyString } from "@/lib/format/money-string";
import { creditActorOf } from "../../customer-auth";
import { defineEndpoint } from "../../define-endpoint";
import { BILLING_PAY } from "./billing-endpoint";
import { paymentJson, paymentSchema } from "./billing-json";

export const payInvoiceEndpoint = defineEndpoint({
  ...BILLING_PAY,
  path: "/invoices/{id}/pay",
  operationId: "payInvoice",
  summary: "Pay an invoice from your credit, in full or in part",
  description:
    "Body `{}` pays the whole outstanding amount; `{\"amount\": \"10.00\"}` pays part of it. Always spends the caller's own credit " +
    "(credit is per user). Refusals, 400, checked in this order: `Invoice cannot be paid: …` (not unpaid), " +
    "`Amount exceeds the outstanding invoice balance`, `Insufficient credit balance`. Nothing is paid when refused. Once paid, " +
    "services waiting for it start building. At most 10 credit payments per minute per invoice; on a 5xx or 429 re-read the " +
    "invoice before retrying.",
  response: z.object({ payment: paymentSchema, newBalance: z.string(), remainingAmount: z.string(), invoicePaid: z.boolean() }),
  async handler({ auth, db, params, body, now }) {
    const r = await payInvoiceFromCredit({ db, now, actor: creditActorOf(auth) }, { id: params.id, amount: body.amount });
    return {
      payment: paymentJson(r.payment),
      newBalance: moneyString(r.newBalance),
      remainingAmount: moneyString(r.remainingAmount),
      invoicePaid: r.invoicePaid,
    };
  },
});
