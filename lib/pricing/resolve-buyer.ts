import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { ResellerPricingProfile } from "./load-pricing-data";

/** Who is buying, as authentication established it (never from a request body). */
export type PricingBuyer = { kind: "customer"; accountId: string } | { kind: "reseller"; resellerId: string };

export interface ResolvedBuyer {
  kind: PricingBuyer["kind"];
  /**
   * `customer`: retail; `reseller`: wholesale through the reseller API; `storefront`: an account
   * with an active reseller profile buying at the client-panel checkout, quoted at the same
   * wholesale (reseller-api "Collection modes").
   */
  channel: "customer" | "reseller" | "storefront";
  accountId: string;
  /** ISO country of the account (VAT). */
  country: string;
  /** Account currency (what an order is charged in when a rate exists). */
  currency: string;
  /** Set when wholesale applies. */
  reseller: ResellerPricingProfile | null;
}

const PROFILE_SELECT = { id: true, accountId: true, status: true, tierId: true, defaultDiscountPercent: true } as const;

export async function resolveBuyer(db: DbOrTx, buyer: PricingBuyer): Promise<ResolvedBuyer> {
  if (buyer.kind === "reseller") {
    const profile = await db.resellerProfile.findUnique({
      where: { id: buyer.resellerId },
      select: { ...PROFILE_SELECT, account: { select: { country: true, currency: true } } },
    });
    if (!profile) throw new DomainError("not_found", "Reseller not found");
    return {
      kind: "reseller",
      channel: "reseller",
      accountId: profile.accountId,
      country: profile.account.country,
      currency: profile.account.currency,
      reseller: { id: profile.id, accountId: profile.accountId, tierId: profile.tierId, defaultDiscountPercent: profile.defaultDiscountPercent },
    };
  }
  const account = await db.clientAccount.findUnique({
    where: { id: buyer.accountId },
    select: { id: true, country: true, currency: true, resellerProfile: { select: PROFILE_SELECT } },
  });
  if (!account) throw new DomainError("not_found", "Account not found");
  const profile = account.resellerProfile?.status === "active" ? account.resellerProfile : null;
  return {
    kind: "customer",
    channel: profile ? "storefront" : "customer",
    accountId: account.id,
    country: account.country,
    currency: account.currency,
    reseller: profile
      ? { id: profile.id, accountId: profile.accountId, tierId: profile.tierId, defaultDiscountPercent: profile.defaultDiscountPercent }
      : null,
  };
}
