/**
 * Formats a unit figure (a price per cycle or per hour, up to 4 places) exactly, keeping the
 * places it needs: €6.11, €0.0099, €12.126. formatMoney would round to the currency's 2 places.
 */
export function formatUnitMoney(amount: { toString(): string } | string, currency: string, locale = "en-GB"): string {
  const value = typeof amount === "string" ? amount : amount.toString();
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(value as `${number}`);
}
