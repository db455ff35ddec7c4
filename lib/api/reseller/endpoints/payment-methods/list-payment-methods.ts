import { z } from "zod";
import { listPaymentMethods as listAccountPaymentMethods } from "@/lib/accounts/payment-methods/list-payment-methods";
import { defineEndpoint } from "../../define-endpoint";
import { paymentMethodRow, paymentMethodSchema } from "./payment-method-row";

export const listPaymentMethodsEndpoint = defineEndpoint({
  method: "GET",
  path: "/payment-methods",
  scope: "account",
  signed: false,
  summary: "Your saved payment methods (needs the account scope, not read)",
  response: z.array(paymentMethodSchema),
  async handler({ auth, db, now }) {
    return (await listAccountPaymentMethods({ db, now, actor: { accountId: auth.accountId } })).map(paymentMethodRow);
  },
});
