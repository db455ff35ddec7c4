import type { BillingContext } from "../billing-actor";
import { convert, getBaseCurrency } from "@/lib/pricing";

export interface ImageStoragePrice {
  /** Per GiB of virtual size per month, in `currency`, 4 places. */
  perGibMonth: string;
  currency: string;
}

/** What storing custom images costs the actor's account now (the operator's price in its currency), or null when storage is free. */
export async function imageStoragePriceFor({ db, now: at, actor }: BillingContext): Promise<ImageStoragePrice | null> {
  const accountId = actor.accountId;
  const [settings, account, base] = await Promise.all([
    db.platformSettings.findUnique({ where: { id: 1 }, select: { imageStoragePrice: true } }),
    db.clientAccount.findUnique({ where: { id: accountId }, select: { currency: true } }),
    getBaseCurrency(db),
  ]);
  const price = settings?.imageStoragePrice;
  if (!price || !price.gt(0) || !account) return null;
  const converted = await convert(db, price, base, account.currency, at);
  return { perGibMonth: converted.amount.toFixed(4), currency: converted.currency };
}
