import { Prisma, type BillingCycle } from "@/lib/generated/prisma/client";
import { minorUnitDigits } from "./currency-digits";

// Money is Prisma.Decimal (decimal.js) everywhere; a JS number never carries an amount.
//
// Rounding (docs/decisions.md "Money is rounded once, at quote time"; docs/pricing.md):
// - money is rounded to the currency's minor unit (2 places for EUR, USD, GBP; minorUnitDigits),
//   half-up, by roundMoney: every price a buyer is shown, quoted and charged, every document figure
//   (a line's subtotal, the amount, VAT, the total) and every ledger amount. A price is rounded
//   once, where it is derived (resolveProductPrice, resolveOptionPrice, resolveLocation, and again
//   only when converted to another currency), so the figure shown is the figure charged;
// - an hourly rate (a price per hour) is the one price kept at 4 places (roundPrice); what hours
//   cost is rounded to the minor unit when they are charged (chargeServiceHours);
// - run-rates, exchange rates and conversions in between keep more places (roundUnit, roundRate)
//   and are never charged as they are.

export type Decimal = Prisma.Decimal;
export type DecimalInput = Prisma.Decimal | string | number;

/** Places of an hourly rate and of intermediate figures: the scale of every money column (Decimal(18,4)). */
export const UNIT_DECIMALS = 4;
/** Exchange rates are stored as Decimal(18,8); a derived (inverted) rate is rounded to that. */
export const RATE_DECIMALS = 8;
/**
 * The one rounding mode of money: half-up (ties away from zero, so a credit is the mirror of its
 * charge). Commercial rounding, what a reseller's spreadsheet ROUND() and most VAT rules use; see
 * docs/decisions.md for why not half-even.
 */
export const MONEY_ROUNDING = Prisma.Decimal.ROUND_HALF_UP;

export const ZERO = new Prisma.Decimal(0);
export const ONE_HUNDRED = new Prisma.Decimal(100);

export { minorUnitDigits } from "./currency-digits";

export function dec(value: DecimalInput): Decimal {
  return new Prisma.Decimal(value);
}

/**
 * An amount of money in `currency`, rounded to the currency's minor unit, half-up. Every price
 * shown, quoted, charged or written goes through it (hourly rates through roundPrice).
 */
export function roundMoney(value: Decimal, currency: string): Decimal {
  return value.toDecimalPlaces(minorUnitDigits(currency), MONEY_ROUNDING);
}

/**
 * A price on a billing cycle in `currency`: money (roundMoney), except the rate of an `hourly`
 * cycle, which keeps 4 places (0.0093 per hour); hours are rounded to money when charged.
 */
export function roundPrice(value: Decimal, currency: string, cycle: BillingCycle): Decimal {
  return cycle === "hourly" ? roundUnit(value) : roundMoney(value, currency);
}

/** True when `value` has no more places than a price on `cycle` in `currency` may carry. */
export function isRoundPrice(value: Decimal, currency: string, cycle: BillingCycle | null): boolean {
  return value.decimalPlaces() <= (cycle === "hourly" ? UNIT_DECIMALS : minorUnitDigits(currency));
}

/** An intermediate figure or an hourly rate: 4 decimal places, half-up. Never charged as it is. */
export function roundUnit(value: Decimal): Decimal {
  return value.toDecimalPlaces(UNIT_DECIMALS, MONEY_ROUNDING);
}

export function roundRate(value: Decimal): Decimal {
  return value.toDecimalPlaces(RATE_DECIMALS, MONEY_ROUNDING);
}

/** A percentage held between 0 and 100: no discount makes a price negative or raises it above retail. */
export function clampPercent(percent: Decimal): Decimal {
  return Prisma.Decimal.min(ONE_HUNDRED, Prisma.Decimal.max(ZERO, percent));
}

/** `amount` less `percent` per cent, exact: the caller rounds the result once, as the price it is (roundPrice). */
export function percentOff(amount: Decimal, percent: Decimal): Decimal {
  return amount.times(ONE_HUNDRED.minus(clampPercent(percent))).dividedBy(ONE_HUNDRED);
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}
