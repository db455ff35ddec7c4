import type { BackendContext } from "@/lib/backends/context";
import { RENEWAL_LEAD_DAYS, DAY_MS } from "./renewal-settings";
import { raiseAddonRenewal } from "./raise-addon-renewal";
import { raiseRenewal } from "./raise-renewal";

export interface DueRenewalsOutcome {
  raised: number;
  /** Of those, paid at once by auto-credit. */
  settled: number;
  failed: number;
}

/**
 * The nightly run's first duty: a renewal document for every active or suspended, non-hourly
 * service due within RENEWAL_LEAD_DAYS whose period has none yet. Services whose cancellation is
 * scheduled at or before their due date are left out (they end with the paid period). One
 * transaction per service (raiseRenewal), so one failure does not hold up the others; a period
 * already claimed — by an earlier or a concurrent run, or by the customer — is skipped. Then the
 * same for add-ons on their own cycle (raiseAddonRenewal).
 */
export async function raiseDueRenewals(ctx: BackendContext, options: { limit?: number } = {}): Promise<DueRenewalsOutcome> {
  const now = ctx.clock.now();
  const horizon = new Date(now.getTime() + RENEWAL_LEAD_DAYS * DAY_MS);
  const candidates = await ctx.db.service.findMany({
    where: {
      status: { in: ["active", "suspended"] },
      billingCycle: { not: "hourly" },
      nextDueDate: { not: null, lte: horizon },
    },
    orderBy: [{ nextDueDate: "asc" }, { id: "asc" }],
    take: options.limit ?? 5000,
    select: { id: true, nextDueDate: true, cancellationScheduledDate: true, renewals: { select: { periodStart: true } } },
  });
  const outcome: DueRenewalsOutcome = { raised: 0, settled: 0, failed: 0 };
  for (const s of candidates) {
    if (s.cancellationScheduledDate && s.cancellationScheduledDate <= s.nextDueDate!) continue;
    if (s.renewals.some((r) => r.periodStart.getTime() === s.nextDueDate!.getTime())) continue;
    try {
      const raised = await raiseRenewal(ctx.db, s.id, { at: now, source: "nightly" });
      if (!raised) continue;
      outcome.raised++;
      if (raised.settled) outcome.settled++;
    } catch (error) {
      outcome.failed++;
      console.warn(`[billing] renewal of ${s.id} failed; the next run tries again`, error);
    }
  }
  // Add-ons on their own cycle (bought on the full-cycle route) are renewed on their own dates.
  const addons = await ctx.db.serviceOption.findMany({
    where: {
      status: "active",
      amount: { gt: 0 },
      nextDueDate: { not: null, lte: horizon },
      service: { status: { in: ["active", "suspended"] }, billingCycle: { not: "hourly" } },
    },
    orderBy: [{ nextDueDate: "asc" }, { id: "asc" }],
    take: options.limit ?? 5000,
    select: { id: true, nextDueDate: true, service: { select: { nextDueDate: true } }, renewals: { select: { periodStart: true } } },
  });
  for (const a of addons) {
    if (a.nextDueDate!.getTime() === a.service.nextDueDate?.getTime()) continue;
    if (a.renewals.some((r) => r.periodStart.getTime() === a.nextDueDate!.getTime())) continue;
    try {
      const raised = await raiseAddonRenewal(ctx.db, a.id, { at: now });
      if (!raised) continue;
      outcome.raised++;
      if (raised.settled) outcome.settled++;
    } catch (error) {
      outcome.failed++;
      console.warn(`[billing] renewal of add-on ${a.id} failed; the next run tries again`, error);
    }
  }
  return outcome;
}
