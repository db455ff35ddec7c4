import type { BillingCycle } from "@/lib/generated/prisma/client";
import { MONTHS_IN_CYCLE, roundMoney, type Decimal } from "@/lib/pricing";

const DAY_MS = 86_400_000;

const utcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/** `due` minus one billing cycle (UTC calendar months, the month's last day when it has fewer days): where the current period began. */
export function cycleStart(due: Date, cycle: Exclude<BillingCycle, "hourly">): Date {
  const d = new Date(due.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - MONTHS_IN_CYCLE[cycle]);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export interface Proration {
  /** Whole UTC days from today to the next due date (today counts, the due date does not). */
  daysRemaining: number;
  /** Whole UTC days of the current period. */
  daysInCycle: number;
}

/**
 * The part of the current billing period still to run, in whole UTC days: a change made on any
 * instant of a day is billed for that day. Clamped to the period (a due date already passed leaves 0).
 */
export function prorationOf(now: Date, due: Date, cycle: Exclude<BillingCycle, "hourly">): Proration {
  const end = utcDay(due);
  const daysInCycle = Math.round((end - utcDay(cycleStart(due, cycle))) / DAY_MS);
  const daysRemaining = Math.min(daysInCycle, Math.max(0, Math.round((end - utcDay(now)) / DAY_MS)));
  return { daysRemaining, daysInCycle };
}

/** `amount` (a whole period's price in `currency`) for the days remaining, as money (roundMoney). */
export function prorate(amount: Decimal, p: Proration, currency: string): Decimal {
  if (p.daysInCycle === 0) return roundMoney(amount.times(0), currency);
  return roundMoney(amount.times(p.daysRemaining).dividedBy(p.daysInCycle), currency);
}
