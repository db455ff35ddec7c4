import type { ResellerProfileStatus } from "@/lib/generated/prisma/enums";
import type { ResellerContext } from "./customers/reseller-customer-row";

export type ResellerDashboard = {
  accountName: string;
  status: ResellerProfileStatus;
  approvedAt: Date | null;
  tier: { name: string; discountPercent: string } | null;
  defaultDiscountPercent: string;
  creditBalance: string;
  currency: string;
  apiKeys: { active: number; total: number };
  /** Only the origin of the webhook URL is shown on the dashboard. */
  webhook: { configured: false } | { configured: true; origin: string };
  customers: number;
};

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The reseller portal's first page, for the acting reseller's profile. */
export async function getResellerDashboard({ db, now, actor }: ResellerContext): Promise<ResellerDashboard> {
  const profileId = actor.resellerId;
  const profile = await db.resellerProfile.findUniqueOrThrow({
    where: { id: profileId },
    select: {
      status: true,
      approvedAt: true,
      webhookUrl: true,
      defaultDiscountPercent: true,
      tier: { select: { name: true, defaultDiscountPercent: true } },
      account: { select: { name: true, creditBalance: true, currency: true } },
    },
  });
  const [activeKeys, totalKeys, customers] = await Promise.all([
    db.resellerApiKey.count({
      where: { resellerId: profileId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    }),
    db.resellerApiKey.count({ where: { resellerId: profileId } }),
    db.resellerCustomer.count({ where: { resellerId: profileId } }),
  ]);

  return {
    accountName: profile.account.name,
    status: profile.status,
    approvedAt: profile.approvedAt,
    tier: profile.tier ? { name: profile.tier.name, discountPercent: profile.tier.defaultDiscountPercent.toString() } : null,
    defaultDiscountPercent: profile.defaultDiscountPercent.toString(),
    creditBalance: profile.account.creditBalance.toString(),
    currency: profile.account.currency,
    apiKeys: { active: activeKeys, total: totalKeys },
    webhook: profile.webhookUrl ? { configured: true, origin: originOf(profile.webhookUrl) } : { configured: false },
    customers,
  };
}
