import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { getBaseCurrency } from "./base-currency";
import { sumPerMonth } from "./billing-cycles";
import { applyRate, convert } from "./exchange-rate";
import { ZERO, dec, roundUnit, sum, type Decimal } from "./money";
import { RELEASED_SERVICE_STATUSES } from "./order-limits";

/** How far back one-off spend counts towards the run-rate. */
export const ONE_OFF_WINDOW_DAYS = 30;

export interface RunRate {
  /** recurring + oneOff, base currency, 4 places. */
  runRate: Decimal;
  /** Held services normalised per month. */
  recurring: Decimal;
  /** Setup fees and one-time options of paid orders in the last 30 days. */
  oneOff: Decimal;
  currency: string;
}

/**
 * A reseller's monthly run-rate at `now` (reseller-api "Tiers"), in the base currency:
 *
 * - recurring: every service of the reseller's account that is neither terminated nor cancelled
 *   (suspended ones count: they are still billed), at what it bills per cycle — Service.amount
 *   (product and datacentre) plus the amount of its add-ons that are not cancelled
 *   (ServiceOption.amount, the add-on's whole recurring amount on the service's cycle) —
 *   normalised per month: quarterly 1/3, semi-annually 1/6, annually 1/12, hourly × 730.
 *   A service in another currency is converted at the rate in force at `now`.
 * - one-off: orders of the account with paymentStatus `paid` created in the 30 days up to `now`:
 *   OrderItem.setupFee × quantity plus OrderItemOption.setupFee × option quantity × item quantity
 *   (a one-time option's price is its setupFee), brought back to base at the order's stored rate.
 */
export async function computeRunRate(db: DbOrTx, resellerId: string, now: Date): Promise<RunRate> {
  const profile = await db.resellerProfile.findUnique({ where: { id: resellerId }, select: { accountId: true } });
  if (!profile) throw new DomainError("not_found", "Reseller not found");
  const base = await getBaseCurrency(db);

  const services = await db.service.findMany({
    where: { accountId: profile.accountId, status: { notIn: RELEASED_SERVICE_STATUSES } },
    select: { amount: true, currency: true, billingCycle: true, options: { where: { status: { not: "cancelled" } }, select: { amount: true } } },
  });
  // One rate per currency held; without one the figure counts unconverted (convert's fallback).
  const rates = new Map<string, Decimal>();
  for (const currency of new Set(services.map((s) => s.currency))) {
    if (currency !== base) rates.set(currency, (await convert(db, dec(1), currency, base, now)).rate);
  }
  const recurring = sumPerMonth(
    services.map((s) => {
      const perCycle = s.amount.plus(sum(s.options.map((o) => o.amount ?? ZERO)));
      const rate = rates.get(s.currency);
      return { amount: rate ? applyRate(perCycle, rate) : perCycle, cycle: s.billingCycle };
    }),
  );

  const since = new Date(now.getTime() - ONE_OFF_WINDOW_DAYS * 86_400_000);
  const orders = await db.order.findMany({
    where: { accountId: profile.accountId, paymentStatus: "paid", createdAt: { gt: since, lte: now } },
    select: {
      currency: true,
      exchangeRate: true,
      items: { select: { quantity: true, setupFee: true, options: { select: { quantity: true, setupFee: true } } } },
    },
  });
  const oneOffs = orders.map((order) => {
    const spent = sum(order.items.map((item) => item.setupFee.plus(sum(item.options.map((o) => o.setupFee.times(o.quantity)))).times(item.quantity)));
    return order.currency === base || order.exchangeRate.isZero() ? spent : spent.dividedBy(order.exchangeRate);
  });

  const oneOff = sum(oneOffs);
  return { runRate: roundUnit(recurring.plus(oneOff)), recurring: roundUnit(recurring), oneOff: roundUnit(oneOff), currency: base };
}
