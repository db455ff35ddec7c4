import type { BackendContext } from "@/lib/backends/context";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { roundMoney } from "@/lib/pricing";
import { INSUFFICIENT_CREDIT, postCreditEntry } from "../post-credit-entry";
import { changeBillingSuspension } from "./billing-suspension";
import { CREDIT_EXHAUSTED_REASON, HOUR_MS } from "./renewal-settings";

export interface HourlyChargeOutcome {
  charged: number;
  /** Σ of the charges, 2 places, as a string (step results are JSON). */
  total: string;
  suspended: number;
  resumed: number;
}

/**
 * Hourly services (the customer API spec: "charged from credit without a document"): the whole hours
 * used since the last charge (`hourlyChargedUntil`, first from `deliveredAt`) at the service's hourly
 * rate (4 places), taken from the account's credit through postCreditEntry (`hourly_charge` ledger
 * row) in the transaction that moves `hourlyChargedUntil` on — conditional on it being where it was
 * read, so two runs never charge an hour twice. Hours are rounded to money cumulatively
 * (hourlyCharge): every charge is what all hours since delivery cost, rounded to the currency's
 * minor unit, less what the hours charged before cost, rounded the same way, so no run's rounding
 * is carried into the next (docs/decisions.md). The part of an hour not yet over, or hours whose
 * charge rounds to nothing yet, wait for the next run. Suspended services are still billed
 * (the reseller API spec: suspended is "still billed"). When the credit cannot pay the charge nothing is
 * charged and an active service is suspended with reason `credit_exhausted`; the hours stay owed,
 * and once a later run can charge them the service is unsuspended.
 */
export async function chargeHourlyServices(ctx: BackendContext): Promise<HourlyChargeOutcome> {
  const services = await ctx.db.service.findMany({
    where: { billingCycle: "hourly", status: { in: ["active", "suspended"] }, deliveredAt: { not: null } },
    orderBy: { id: "asc" },
    select: HOURLY_SELECT,
  });
  const outcome = { charged: 0, total: new Prisma.Decimal(0), suspended: 0, resumed: 0 };
  for (const s of services) {
    try {
      const r = await chargeServiceHours(ctx, s);
      if (r.charged) {
        outcome.charged++;
        outcome.total = outcome.total.plus(r.charged);
      }
      if (r.suspended) outcome.suspended++;
      if (r.resumed) outcome.resumed++;
    } catch (error) {
      console.warn(`[billing] hourly charge of ${s.id} failed; the next run tries again`, error);
    }
  }
  return { charged: outcome.charged, total: outcome.total.toFixed(2), suspended: outcome.suspended, resumed: outcome.resumed };
}

export const HOURLY_SELECT = {
  id: true,
  name: true,
  hostname: true,
  accountId: true,
  amount: true,
  currency: true,
  status: true,
  suspendReason: true,
  deliveredAt: true,
  hourlyChargedUntil: true,
} as const satisfies Prisma.ServiceSelect;

export type HourlyService = Prisma.ServiceGetPayload<{ select: typeof HOURLY_SELECT }>;

/**
 * What `hours` more hours cost after `before` hours already charged, at `rate` per hour: the
 * money (roundMoney) of all `before + hours` hours less the money of the `before` hours. Charges
 * made this way add up to the rounded cost of all hours, whatever the number of runs.
 */
export function hourlyCharge(rate: Prisma.Decimal, before: number, hours: number, currency: string): Prisma.Decimal {
  return roundMoney(rate.times(before + hours), currency).minus(roundMoney(rate.times(before), currency));
}

/**
 * One hourly service as it was read (`s`): charges its whole hours up to now, or suspends it when
 * the credit cannot pay them. A second call with the same stale read charges nothing (the
 * conditional update on `hourlyChargedUntil` finds it moved).
 */
export async function chargeServiceHours(
  ctx: BackendContext,
  s: HourlyService,
): Promise<{ charged: Prisma.Decimal | null; suspended: boolean; resumed: boolean }> {
  const none = { charged: null, suspended: false, resumed: false };
  const now = ctx.clock.now();
  if (!s.deliveredAt) return none;
  const from = s.hourlyChargedUntil ?? s.deliveredAt;
  const hours = Math.floor((now.getTime() - from.getTime()) / HOUR_MS);
  if (hours < 1) return none;
  const before = Math.round((from.getTime() - s.deliveredAt.getTime()) / HOUR_MS);
  const charge = hourlyCharge(s.amount, before, hours, s.currency);
  if (!charge.gt(0)) return none;
  const until = new Date(from.getTime() + hours * HOUR_MS);
  try {
    const charged = await inTransaction(ctx.db, async (tx) => {
      const { count } = await tx.service.updateMany({
        where: { id: s.id, hourlyChargedUntil: s.hourlyChargedUntil, status: { in: ["active", "suspended"] } },
        data: { hourlyChargedUntil: until },
      });
      if (count === 0) return false;
      await postCreditEntry(tx, {
        accountId: s.accountId,
        kind: "hourly_charge",
        amount: charge.negated(),
        description: `Hourly usage of ${s.hostname ?? s.name}: ${hours} h × ${s.amount.toFixed(4)} (${from.toISOString()} to ${until.toISOString()})`,
        at: now,
      });
      return true;
    });
    if (!charged) return none;
    const resumed =
      s.status === "suspended" && s.suspendReason === CREDIT_EXHAUSTED_REASON && (await changeBillingSuspension(ctx, s.id, "unsuspend", { reason: CREDIT_EXHAUSTED_REASON }));
    return { charged: charge, suspended: false, resumed };
  } catch (error) {
    if (!(error instanceof DomainError && error.message === INSUFFICIENT_CREDIT)) throw error;
    const suspended =
      s.status === "active" &&
      (await changeBillingSuspension(ctx, s.id, "suspend", { reason: CREDIT_EXHAUSTED_REASON, where: { hourlyChargedUntil: s.hourlyChargedUntil } }));
    return { ...none, suspended };
  }
}
