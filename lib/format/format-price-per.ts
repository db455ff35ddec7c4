import { billingCyclePer } from "@/lib/pricing/billing-cycle-label";
import { formatUnitMoney } from "./format-unit-money";

/** A recurring price with its cycle: "€6.11 per month", "€0.0093 per hour" (the cycle as the database or the APIs spell it). */
export function formatPricePer(amount: { toString(): string } | string, currency: string, cycle: string): string {
  return `${formatUnitMoney(amount, currency)} ${billingCyclePer(cycle)}`;
}
