import { z } from "zod";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import { moneyString } from "@/lib/format/money-string";
import { defineEndpoint } from "../../define-endpoint";

export const getAccountBalanceEndpoint = defineEndpoint({
  method: "GET",
  path: "/account/balance",
  scope: "read",
  tag: "account",
  summary: "Your credit balance",
  description: "A decimal string in the balance's currency. Credit is per user (see GET /account).",
  response: z.object({ balance: z.string(), currency: z.string() }),
  async handler({ auth, db }) {
    const credit = await getCreditBalance({ accountId: auth.accountId, userId: auth.user.id, isOwner: auth.role === "owner" }, { db });
    return { balance: moneyString(credit.balance), currency: credit.currency };
  },
});
