/**
 * Formats an exact decimal amount (a Prisma Decimal or its string) in a currency without
 * going through a JavaScript float: Intl.NumberFormat formats decimal strings exactly.
 */
export function formatMoney(amount: { toString(): string } | string, currency: string, locale = "en-GB"): string {
  const value = typeof amount === "string" ? amount : amount.toString();

  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(value as `${number}`);
}
