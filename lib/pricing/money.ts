import { Prisma } from "@/lib/generated/prisma/client";

// Money is Prisma.Decimal (decimal.js) everywhere; a JS number never carries an amount.
//
// Rounding (docs/pricing.md):
// - unit figures (a price per cycle or per hour, a setup fee, a surcharge, a converted figure) are
//   rounded once, when they are derived, to 4 decimal places half-up: the scale of every money
//   column (Decimal(18,4));
// - document figures (a line's subtotal, the order's amount, VAT, total) are rounded to 2 decimal
//   places half-up; the order amount is the sum of the rounded line subtotals, so lines add up.

export type Decimal = Prisma.Decimal;
export type DecimalInput = Prisma.Decimal | string | number;

export const UNIT_DECIMALS = 4;
export const DOCUMENT_DECIMALS = 2;
/** Exchange rates are stored as Decimal(18,8); a derived (inverted) rate is rounded to that. */
export const RATE_DECIMALS = 8;

export const ZERO = new Prisma.Decimal(0);
export const ONE_HUNDRED = new Prisma.Decimal(100);

export function dec(value: DecimalInput): Decimal {
  return new Prisma.Decimal(value);
}

/** A unit figure: 4 decimal places, half-up. */
export function roundUnit(value: Decimal): Decimal {
  return value.toDecimalPlaces(UNIT_DECIMALS, Prisma.Decimal.ROUND_HALF_UP);
}

/** A document figure: 2 decimal places, half-up. */
export function roundDocument(value: Decimal): Decimal {
  return value.toDecimalPlaces(DOCUMENT_DECIMALS, Prisma.Decimal.ROUND_HALF_UP);
}

export function roundRate(value: Decimal): Decimal {
  return value.toDecimalPlaces(RATE_DECIMALS, Prisma.Decimal.ROUND_HALF_UP);
}

/** A percentage held between 0 and 100: no discount makes a price negative or raises it above retail. */
export function clampPercent(percent: Decimal): Decimal {
  return Prisma.Decimal.min(ONE_HUNDRED, Prisma.Decimal.max(ZERO, percent));
}

/** `amount` less `percent` per cent, as a unit figure. */
export function percentOff(amount: Decimal, percent: Decimal): Decimal {
  return roundUnit(amount.times(ONE_HUNDRED.minus(clampPercent(percent))).dividedBy(ONE_HUNDRED));
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}
