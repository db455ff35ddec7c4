import { z } from "zod";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { creditActorOf } from "../../customer-auth";
import { moneyString } from "@/lib/format/money-string";
import { defineEndpoint } from "../../define-endpoint";

export const getAccountBalanceEndpoint = defineEndpoint({
  method: "GET",
  path: "/account/balance",
  scope: "read",
  access: "credit:view",
  tag: "account",
  summary: "Your credit balance",
  description: "A decimal string in the balance's currency. Credit is per user (see GET /account).",
  response: z.object({ balance: z.string(), currency: z.string() }),
  async handler({ auth, db, now }) {
    const credit = await getCreditBalance({ db, now, actor: creditActorOf(auth) });
    return { balance: moneyString(credit.balance), currency: credit.currency };
  },
});
