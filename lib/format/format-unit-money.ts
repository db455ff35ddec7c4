import { DISPLAY_LOCALE } from "./display-locale";
import { minorUnitDigits } from "@/lib/pricing/currency-digits";

/**
 * Formats a price exactly, keeping the places it has: €17.77, €0.0093 (an hourly rate keeps 4
 * places). Prices arrive already rounded by lib/pricing (docs/decisions.md); this never rounds a
 * price that has at most 4 places, and shows at least the currency's minor unit (JP¥1,221, €3,121.00).
 */
export function formatUnitMoney(amount: { toString(): string } | string, currency: string, locale = DISPLAY_LOCALE): string {
  const value = typeof amount === "string" ? amount : amount.toString();
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, 4) }).format(value as `${number}`);
}
