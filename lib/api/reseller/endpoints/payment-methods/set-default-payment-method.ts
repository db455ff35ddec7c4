import { setDefaultPaymentMethod as setAccountDefaultPaymentMethod } from "@/lib/accounts/payment-methods/set-default-payment-method";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { paymentMethodRow, paymentMethodSchema } from "./payment-method-row";

export const setDefaultPaymentMethodEndpoint = defineEndpoint({
  method: "PUT",
  path: "/payment-methods/{methodId}/default",
  scope: "account",
  signed: true,
  tag: "payment-methods",
  summary: "Make a saved payment method the default for saved_method charges",
  response: paymentMethodSchema,
  async handler({ auth, db, now, params }) {
    const method = await setAccountDefaultPaymentMethod({ db, now, actor: { accountId: auth.accountId } }, { id: params.methodId });
    return reply(paymentMethodRow(method), { message: "Default payment method updated" });
  },
});
