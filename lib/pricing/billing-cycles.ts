import type { BillingCycle } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { ZERO, roundUnit, type Decimal } from "./money";

export const BILLING_CYCLES: readonly BillingCycle[] = ["monthly", "quarterly", "semi_annually", "annually", "hourly"];

/** The cycles billed in whole months, with their length. */
export const MONTHS_IN_CYCLE = { monthly: 1, quarterly: 3, semi_annually: 6, annually: 12 } as const;

/** Hours in a month when a monthly price is turned into an hourly one (option prices, surcharges). */
export const PRICE_HOURS_PER_MONTH = 720;
/** Hours in a month when an hourly service is counted in the monthly run-rate. */
export const RUN_RATE_HOURS_PER_MONTH = 730;

/** The cycle as both APIs write it (`semi-annually`; the enum's own name is `semi_annually`). */
export function apiBillingCycle(cycle: BillingCycle): string {
  return cycle === "semi_annually" ? "semi-annually" : cycle;
}

/** Reads a cycle as a client sends it; the enum spelling is accepted too. Unknown → null. */
export function parseBillingCycle(value: string): BillingCycle | null {
  const normalised = value === "semi-annually" ? "semi_annually" : value;
  return (BILLING_CYCLES as readonly string[]).includes(normalised) ? (normalised as BillingCycle) : null;
}

/** parseBillingCycle, refusing an unknown value (400 naming the field). */
export function requireBillingCycle(value: string, field = "billingCycle"): BillingCycle {
  const cycle = parseBillingCycle(value);
  if (cycle) return cycle;
  const message = `Unknown billing cycle '${value}'; use one of ${BILLING_CYCLES.map(apiBillingCycle).join(", ")}`;
  throw new DomainError("invalid", message, { details: [{ field, message }] });
}

/**
 * A monthly figure on another cycle: × months in the cycle, or / 720 per hour on `hourly`
 * (rounded to a unit figure). Used for option prices without their own cycle price and for
 * datacentre surcharges.
 */
export function fromMonthly(monthly: Decimal, cycle: BillingCycle): Decimal {
  if (cycle === "hourly") return roundUnit(monthly.dividedBy(PRICE_HOURS_PER_MONTH));
  return monthly.times(MONTHS_IN_CYCLE[cycle]);
}

/**
 * What a per-cycle figure is worth per month in the run-rate: quarterly 1/3, semi-annually 1/6,
 * annually 1/12, hourly × 730. Not rounded: the run-rate is rounded once, after summing.
 */
export function monthlyEquivalent(amount: Decimal, cycle: BillingCycle): Decimal {
  if (cycle === "hourly") return amount.times(RUN_RATE_HOURS_PER_MONTH);
  return amount.dividedBy(MONTHS_IN_CYCLE[cycle]);
}

/** How many twelfths of a month one per-cycle figure is worth: 12 / months, or 730 × 12 per hour. */
const TWELFTHS_PER_CYCLE = { monthly: 12, quarterly: 4, semi_annually: 2, annually: 1, hourly: RUN_RATE_HOURS_PER_MONTH * 12 } as const;

/**
 * The sum of per-cycle figures per month (monthlyEquivalent of each, added up), held exactly:
 * summed in twelfths of a month (whole multiples of each figure) and divided once, so thirds and
 * twelfths of many services never accumulate division error before the run-rate is rounded.
 */
export function sumPerMonth(figures: Iterable<{ amount: Decimal; cycle: BillingCycle }>): Decimal {
  let twelfths = ZERO;
  for (const f of figures) twelfths = twelfths.plus(f.amount.times(TWELFTHS_PER_CYCLE[f.cycle]));
  return twelfths.dividedBy(12);
}
