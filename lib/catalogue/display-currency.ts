import type { BillingCycle } from "@/lib/generated/prisma/client";
import { convertPrice, dec, findExchangeRate, type Decimal } from "@/lib/pricing";
import type { Catalogue, CatalogueContext } from "./catalogue";

export interface DisplayCurrency {
  /** What the figures are in: the buyer's account currency, or the base currency when no rate is in force. */
  currency: string;
  /**
   * A base-currency price in `currency`, rounded as the price it is exactly as quoteOrder converts
   * it (convertPrice): a price on `cycle` (an hourly rate keeps 4 places), a one-off with `null`.
   */
  convert(amount: Decimal, cycle: BillingCycle | null): Decimal;
  /** No rate was in force for the account currency: figures stay in the base currency. */
  fallback: boolean;
}

/**
 * The currency the customer API shows a buyer's catalogue in: the account currency at the rate in
 * force at `ctx.now`, converted figure by figure like quoteOrder does, so a catalogue price is the unit
 * price an order placed at that moment charges. Without a rate, the base currency (as quotes do).
 * In the base currency a figure is only rounded (a price-sheet figure already is; a configured
 * surcharge is rounded as resolveLocation rounds it).
 */
export async function displayCurrency(
  { db, now }: CatalogueContext,
  { catalogue }: { catalogue: Pick<Catalogue, "buyer" | "baseCurrency"> },
): Promise<DisplayCurrency> {
  const wanted = catalogue.buyer.currency;
  const base = catalogue.baseCurrency;
  const same = { currency: base, convert: (d: Decimal, cycle: BillingCycle | null) => convertPrice(d, dec(1), base, cycle) };
  if (wanted === base) return { ...same, fallback: false };
  const found = await findExchangeRate(db, base, wanted, now);
  if (!found) return { ...same, fallback: true };
  return { currency: wanted, convert: (d, cycle) => convertPrice(d, found.rate, wanted, cycle), fallback: false };
}
