import type { BillingCycle } from "@/lib/generated/prisma/client";

/** How the portals name a billing cycle. */
export const BILLING_CYCLE_LABEL: Record<BillingCycle, string> = {
  monthly: "Monthly",
  quarterly: "Quarterly",
  semi_annually: "Semi-annually",
  annually: "Annually",
  hourly: "Hourly",
};

/** What a price on the cycle is per: "per month", "per hour", … */
export const BILLING_CYCLE_PER: Record<BillingCycle, string> = {
  monthly: "per month",
  quarterly: "per quarter",
  semi_annually: "per 6 months",
  annually: "per year",
  hourly: "per hour",
};

/** BILLING_CYCLE_PER for a cycle as the database or the APIs spell it ("semi_annually", "semi-annually"); anything else reads "per <cycle>". */
export function billingCyclePer(cycle: string): string {
  const key = cycle.replaceAll("-", "_");
  return Object.hasOwn(BILLING_CYCLE_PER, key) ? BILLING_CYCLE_PER[key as BillingCycle] : `per ${cycle.replaceAll(/[_-]+/g, " ")}`;
}
