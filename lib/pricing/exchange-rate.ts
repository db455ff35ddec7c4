import type { DbOrTx } from "@/lib/db/client";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { dec, roundMoney, roundPrice, roundRate, roundUnit, type Decimal } from "./money";

export interface ExchangeRateInForce {
  /** 1 `from` = rate `to`, at most 8 decimal places (the column's scale). */
  rate: Decimal;
  /** The ExchangeRate row used (null for a currency to itself). */
  exchangeRateId: string | null;
  effectiveAt: Date | null;
  /** True when only the opposite pair was on file and its rate was inverted. */
  inverted: boolean;
}

/**
 * The rate in force at `at`: the row for the pair with the latest effectiveAt ≤ at. When only the
 * opposite pair exists, its rate in force is inverted (rounded to 8 places). Same currency → 1.
 * Nothing on file → null.
 */
export async function findExchangeRate(db: DbOrTx, from: string, to: string, at: Date): Promise<ExchangeRateInForce | null> {
  if (from === to) return { rate: dec(1), exchangeRateId: null, effectiveAt: null, inverted: false };
  const latest = (base: string, quote: string) =>
    db.exchangeRate.findFirst({
      where: { baseCurrency: base, quoteCurrency: quote, effectiveAt: { lte: at } },
      orderBy: [{ effectiveAt: "desc" }, { id: "desc" }],
    });
  const direct = await latest(from, to);
  if (direct) return { rate: direct.rate, exchangeRateId: direct.id, effectiveAt: direct.effectiveAt, inverted: false };
  const opposite = await latest(to, from);
  if (opposite && !opposite.rate.isZero()) {
    return { rate: roundRate(dec(1).dividedBy(opposite.rate)), exchangeRateId: opposite.id, effectiveAt: opposite.effectiveAt, inverted: true };
  }
  return null;
}

export interface Conversion {
  /** The converted figure (4 places), or the figure unchanged on fallback. */
  amount: Decimal;
  /** `to`, or `from` on fallback. */
  currency: string;
  /** The rate applied (1 on fallback); store it with the order and reuse it for invoice and retries. */
  rate: Decimal;
  exchangeRateId: string | null;
  /** No rate was in force: nothing was converted and the figure stays in `from` (the base currency). */
  fallback: boolean;
}

/** A figure at a stored rate, to 4 places: an intermediate figure (run-rate, a rate-derived base amount), never a price. */
export function applyRate(amount: Decimal, rate: Decimal): Decimal {
  return roundUnit(amount.times(rate));
}

/**
 * A price converted at a stored rate into `currency`, rounded once as a price in it: a price on
 * `cycle` by roundPrice (an hourly rate keeps 4 places), a one-off (`cycle` null) by roundMoney.
 * What quoteOrder charges and the customer catalogue shows in an account currency.
 */
export function convertPrice(amount: Decimal, rate: Decimal, currency: string, cycle: BillingCycle | null): Decimal {
  const converted = amount.times(rate);
  return cycle === null ? roundMoney(converted, currency) : roundPrice(converted, currency, cycle);
}

/**
 * `amount` in `from` expressed in `to` at the rate in force at `at`. Without a rate the figure is
 * not converted and `currency` stays `from`: an order then charges in the supplier's base
 * currency (reseller-api Order result: "falls back to supplier base currency when no rate exists").
 */
export async function convert(db: DbOrTx, amount: Decimal, from: string, to: string, at: Date): Promise<Conversion> {
  const found = await findExchangeRate(db, from, to, at);
  if (!found) return { amount, currency: from, rate: dec(1), exchangeRateId: null, fallback: true };
  return { amount: applyRate(amount, found.rate), currency: to, rate: found.rate, exchangeRateId: found.exchangeRateId, fallback: false };
}
