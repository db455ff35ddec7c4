/** "21%", "20.5%", "0%": a VAT rate as stored (a Decimal percentage with at most 2 places), exactly, without trailing zeros. */
export function formatVatRate(ratePercent: { toFixed(places?: number): string } | string): string {
  const text = typeof ratePercent === "string" ? ratePercent : ratePercent.toFixed(2);
  const trimmed = text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
  return `${trimmed}%`;
}
