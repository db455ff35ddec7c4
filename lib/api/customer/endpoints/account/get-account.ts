import { z } from "zod";
import { getAccountProfile } from "@/lib/accounts/get-account-profile";
import { moneyString } from "@/lib/format/money-string";
import { creditActorOf } from "../../customer-auth";
import { defineEndpoint } from "../../define-endpoint";

export const getAccountEndpoint = defineEndpoint({
  method: "GET",
  path: "/account",
  scope: "read",
  access: "account:view",
  summary: "The account: company, country, currency, your credit balance, and a member's permissions",
  description:
    "`credit_balance` is your own credit (credit is per user: a team member sees the balance of the account they own, or 0). " +
    "`permissions` lists a team member's account permissions in force; it is null for the owner, who holds them all.",
  response: z.object({
    id: z.string(),
    name: z.string(),
    company: z.string().nullable(),
    country: z.string(),
    currency: z.string(),
    vat_number: z.string().nullable(),
    status: z.enum(["pending", "active", "suspended", "closed"]),
    credit_balance: z.string(),
    credit_currency: z.string(),
    role: z.enum(["owner", "member", "former_member"]),
    permissions: z.array(z.string()).nullable(),
    created_at: z.string(),
  }),
  async handler({ auth, db, now }) {
    const profile = await getAccountProfile({ db, now, actor: creditActorOf(auth) });
    return {
      id: profile.id,
      name: profile.name,
      company: profile.company,
      country: profile.country,
      currency: profile.currency,
      vat_number: profile.vatNumber,
      status: profile.status,
      credit_balance: moneyString(profile.credit.balance),
      credit_currency: profile.credit.currency,
      role: auth.role,
      permissions: auth.permissions === "all" ? null : [...auth.permissions],
      created_at: profile.createdAt.toISOString(),
    };
  },
});
