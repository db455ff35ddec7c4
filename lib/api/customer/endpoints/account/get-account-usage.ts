import { z } from "zod";
import { getAccountUsage } from "@/lib/accounts/get-account-usage";
import { moneyString } from "@/lib/format/money-string";
import { creditActorOf } from "../../customer-auth";
import { defineEndpoint } from "../../define-endpoint";

export const getAccountUsageEndpoint = defineEndpoint({
  method: "GET",
  path: "/account/usage",
  scope: "read",
  access: "usage:view",
  tag: "account",
  operationId: "getAccountUsage",
  summary: "This month at a glance: services by status, unpaid invoices, hourly charges, your credit",
  description:
    "`services` counts the services in the request's project scope (all of them without one) and sums what the active ones bill per " +
    "cycle. `invoices` are account-wide: the number and outstanding amount of unpaid ones, and the total of those paid this " +
    "calendar month (UTC, `period.month`). `hourly` is what hourly products charged your own credit this month. Amounts are decimal " +
    "strings in `currency`, except `credit_balance`, which is in `credit_currency`.",
  response: z.object({
    services: z.object({ total: z.number().int(), by_status: z.record(z.string(), z.number().int()), active_recurring_amount: z.string() }),
    invoices: z.object({ unpaid_count: z.number().int(), unpaid_total: z.string(), paid_this_month: z.string() }),
    hourly: z.object({ charged_this_month: z.string(), charges: z.number().int() }),
    credit_balance: z.string(),
    credit_currency: z.string(),
    currency: z.string(),
    period: z.object({ month: z.string() }),
  }),
  async handler({ auth, db, now }) {
    const u = await getAccountUsage({ db, now, actor: { ...creditActorOf(auth), projectId: auth.project?.id ?? null } });
    return {
      services: { total: u.services.total, by_status: u.services.byStatus, active_recurring_amount: moneyString(u.services.activeRecurringAmount) },
      invoices: {
        unpaid_count: u.invoices.unpaidCount,
        unpaid_total: moneyString(u.invoices.unpaidTotal),
        paid_this_month: moneyString(u.invoices.paidThisMonth),
      },
      hourly: { charged_this_month: moneyString(u.hourly.chargedThisMonth), charges: u.hourly.charges },
      credit_balance: moneyString(u.credit.balance),
      credit_currency: u.credit.currency,
      currency: u.currency,
      period: { month: u.month },
    };
  },
});
