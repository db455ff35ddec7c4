import type { DbOrTx } from "@/lib/db/client";
import { getBaseCurrency } from "@/lib/pricing/base-currency";

/**
 * The currencies an account may be billed in: the supplier's base currency and every currency
 * with an exchange rate to or from it on file (prices are converted at order time).
 */
export async function listAccountCurrencies({ db }: { db: DbOrTx }): Promise<string[]> {
  const base = await getBaseCurrency(db);
  const rates = await db.exchangeRate.findMany({
    where: { OR: [{ baseCurrency: base }, { quoteCurrency: base }] },
    select: { baseCurrency: true, quoteCurrency: true },
    distinct: ["baseCurrency", "quoteCurrency"],
  });
  const others = new Set(rates.map((r) => (r.baseCurrency === base ? r.quoteCurrency : r.baseCurrency)));
  return [base, ...[...others].filter((c) => c !== base).sort()];
}
