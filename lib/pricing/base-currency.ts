import type { DbOrTx } from "@/lib/db/client";

/** The column default of PlatformSettings.baseCurrency, used before the settings row exists. */
export const DEFAULT_BASE_CURRENCY = "EUR";

/** The supplier's base currency: every catalogue price, tier threshold and reseller credit is in it. */
export async function getBaseCurrency(db: DbOrTx): Promise<string> {
  const settings = await db.platformSettings.findUnique({ where: { id: 1 }, select: { baseCurrency: true } });
  return settings?.baseCurrency ?? DEFAULT_BASE_CURRENCY;
}
