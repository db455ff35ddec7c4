import { DISPLAY_LOCALE } from "./display-locale";
import { minorUnitDigits } from "@/lib/pricing/currency-digits";

/**
 * Formats an exact decimal amount (a Prisma Decimal or its string) in a currency without
 * going through a JavaScript float: Intl.NumberFormat formats decimal strings exactly. Shows the
 * currency's minor unit (minorUnitDigits, the places money is rounded to: docs/decisions.md), so a
 * stored amount is shown as it was charged.
 */
export function formatMoney(amount: { toString(): string } | string, currency: string, locale = DISPLAY_LOCALE): string {
  const value = typeof amount === "string" ? amount : amount.toString();
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value as `${number}`);
}
