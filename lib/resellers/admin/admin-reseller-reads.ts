import type { OperatorContext } from "@/lib/admin/operator-context";
import { RELEASED_SERVICE_STATUSES } from "@/lib/pricing/order-limits";

const account = { select: { id: true, name: true, company: true, country: true, currency: true, creditBalance: true, owner: { select: { email: true, name: true } } } };

/** Every reseller profile, pending ones first (they wait for an operator), then by name. */
export async function listResellersForAdmin({ db }: OperatorContext) {
  const rows = await db.resellerProfile.findMany({
    include: { account, tier: { select: { id: true, name: true } }, _count: { select: { apiKeys: { where: { revokedAt: null } } } } },
    orderBy: { createdAt: "asc" },
  });
  const rank = { pending: 0, active: 1, suspended: 2, closed: 3 } as const;
  return rows.sort((a, b) => rank[a.status] - rank[b.status] || a.account.name.localeCompare(b.account.name));
}

/** One reseller with its pricing levers and, per capped product, the units it holds now; null when there is none. */
export async function getResellerForAdmin({ db }: OperatorContext, { resellerId }: { resellerId: string }) {
  const profile = await db.resellerProfile.findUnique({
    where: { id: resellerId },
    include: {
      account,
      tier: true,
      priceOverrides: { include: { product: { select: { id: true, name: true } } }, orderBy: [{ product: { name: "asc" } }, { cycle: "asc" }] },
      productDiscounts: { include: { product: { select: { id: true, name: true } } }, orderBy: { product: { name: "asc" } } },
      productCaps: { include: { product: { select: { id: true, name: true } } }, orderBy: { product: { name: "asc" } } },
    },
  });
  if (!profile) return null;
  const held = await db.service.groupBy({
    by: ["productId"],
    where: { accountId: profile.accountId, productId: { in: profile.productCaps.map((c) => c.productId) }, status: { notIn: [...RELEASED_SERVICE_STATUSES] } },
    _count: { _all: true },
  });
  return { ...profile, heldUnits: Object.fromEntries(held.map((h) => [h.productId, h._count._all])) as Record<string, number> };
}
