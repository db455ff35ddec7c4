import type { Tx } from "@/lib/db/client";

/**
 * Standard VAT rates (percent) by account country, each from a date. The demo locations' countries
 * (NL, DE, FI) and the account default (GB) plus common EU countries; Finland shows a change of
 * rate (24 % until 31 August 2024, 25.5 % from 1 September 2024). A country without a row is
 * charged no VAT (lib/pricing/vat-rate.ts).
 */
export const DEMO_VAT_RATES = [
  { countryCode: "AT", ratePercent: "20.00", effectiveFrom: "2021-01-01" },
  { countryCode: "BE", ratePercent: "21.00", effectiveFrom: "2021-01-01" },
  { countryCode: "DE", ratePercent: "19.00", effectiveFrom: "2021-01-01" },
  { countryCode: "DK", ratePercent: "25.00", effectiveFrom: "2021-01-01" },
  { countryCode: "ES", ratePercent: "21.00", effectiveFrom: "2021-01-01" },
  { countryCode: "FI", ratePercent: "24.00", effectiveFrom: "2021-01-01" },
  { countryCode: "FI", ratePercent: "25.50", effectiveFrom: "2024-09-01" },
  { countryCode: "FR", ratePercent: "20.00", effectiveFrom: "2021-01-01" },
  { countryCode: "GB", ratePercent: "20.00", effectiveFrom: "2021-01-01" },
  { countryCode: "IE", ratePercent: "23.00", effectiveFrom: "2021-03-01" },
  { countryCode: "IT", ratePercent: "22.00", effectiveFrom: "2021-01-01" },
  { countryCode: "NL", ratePercent: "21.00", effectiveFrom: "2021-01-01" },
  { countryCode: "PL", ratePercent: "23.00", effectiveFrom: "2021-01-01" },
  { countryCode: "SE", ratePercent: "25.00", effectiveFrom: "2021-01-01" },
] as const;

export async function seedVatRates(tx: Tx): Promise<void> {
  await tx.vatRate.createMany({
    data: DEMO_VAT_RATES.map((r) => ({ ...r, effectiveFrom: new Date(`${r.effectiveFrom}T00:00:00Z`) })),
  });
}
