import type { DbOrTx } from "@/lib/db/client";
import { ZERO, roundMoney, type Decimal } from "./money";

export interface VatRateInForce {
  countryCode: string;
  /** Percent; 0 when the country has no rate on file. */
  ratePercent: Decimal;
  /** The VatRate row's effectiveFrom (null when no rate is on file). */
  effectiveFrom: Date | null;
}

/** The VAT rate for an account country at `at`: the country's row with the latest effectiveFrom ≤ at. */
export async function findVatRate(db: DbOrTx, countryCode: string, at: Date): Promise<VatRateInForce> {
  const country = countryCode.trim().toUpperCase();
  const row = await db.vatRate.findFirst({
    where: { countryCode: country, effectiveFrom: { lte: at } },
    orderBy: { effectiveFrom: "desc" },
  });
  return { countryCode: country, ratePercent: row?.ratePercent ?? ZERO, effectiveFrom: row?.effectiveFrom ?? null };
}

/** VAT on a document amount in `currency`: amount × rate / 100, rounded to the currency's minor unit (roundMoney). */
export function vatOn(amount: Decimal, ratePercent: Decimal, currency: string): Decimal {
  return roundMoney(amount.times(ratePercent).dividedBy(100), currency);
}
