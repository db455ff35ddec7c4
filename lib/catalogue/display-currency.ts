import type { DbOrTx } from "@/lib/db/client";
import { applyRate, findExchangeRate, type Decimal } from "@/lib/pricing";
import type { Catalogue } from "./catalogue";

export interface DisplayCurrency {
  /** What the figures are in: the buyer's account currency, or the base currency when no rate is in force. */
  currency: string;
  /** A base-currency unit figure in `currency` (4 places), exactly as quoteOrder converts it. */
  convert(amount: Decimal): Decimal;
  /** No rate was in force for the account currency: figures stay in the base currency. */
  fallback: boolean;
}

/**
 * The currency the customer API shows a buyer's catalogue in: the account currency at the rate in
 * force at `at`, converted figure by figure like quoteOrder does, so a catalogue price is the unit
 * price an order placed at that moment charges. Without a rate, the base currency (as quotes do).
 */
export async function displayCurrency(db: DbOrTx, catalogue: Pick<Catalogue, "buyer" | "baseCurrency">, at: Date): Promise<DisplayCurrency> {
  const wanted = catalogue.buyer.currency;
  const same = { currency: catalogue.baseCurrency, convert: (d: Decimal) => d };
  if (wanted === catalogue.baseCurrency) return { ...same, fallback: false };
  const found = await findExchangeRate(db, catalogue.baseCurrency, wanted, at);
  if (!found) return { ...same, fallback: true };
  return { currency: wanted, convert: (d) => applyRate(d, found.rate), fallback: false };
}
