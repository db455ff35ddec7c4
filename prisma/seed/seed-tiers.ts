import type { Tx } from "@/lib/db/client";
import type { DemoCategorySlug } from "./seed-categories";

/** The default ladder; run-rate thresholds are monthly EUR. */
export const DEMO_TIERS = [
  { name: "Bronze", minMonthlyRunRate: "0.0000", defaultDiscountPercent: "5.00" },
  { name: "Silver", minMonthlyRunRate: "500.0000", defaultDiscountPercent: "8.00" },
  { name: "Gold", minMonthlyRunRate: "2500.0000", defaultDiscountPercent: "12.00" },
  { name: "Platinum", minMonthlyRunRate: "10000.0000", defaultDiscountPercent: "15.00" },
] as const;

export type DemoTierName = (typeof DEMO_TIERS)[number]["name"];

interface TierRefs {
  categories: Record<DemoCategorySlug, string>;
  products: Record<string, string>;
  options: Record<string, string>;
}

/**
 * The ladder plus one example of each pricing lever, so every branch of wholesale price
 * resolution has data: category discounts, absolute price-book entries and a tier option price.
 */
export async function seedTiers(tx: Tx, refs: TierRefs): Promise<Record<DemoTierName, string>> {
  const ids = {} as Record<DemoTierName, string>;
  for (const [i, tier] of DEMO_TIERS.entries()) {
    ids[tier.name] = (await tx.tier.create({ data: { ...tier, sortOrder: i + 1 } })).id;
  }
  await tx.tierCategoryDiscount.createMany({
    data: [
      // Dedicated margins allow a little more than the Bronze default.
      { tierId: ids.Bronze, categoryId: refs.categories.dedicated, percent: "7.00" },
      { tierId: ids.Gold, categoryId: refs.categories.vps, percent: "15.00" },
    ],
  });
  await tx.tierPrice.createMany({
    data: [
      { tierId: ids.Bronze, productId: refs.products["ds-xeon-e2388g"]!, cycle: "monthly", amount: "109.0000", setupFee: "0.0000" },
      { tierId: ids.Silver, productId: refs.products["vps-m"]!, cycle: "monthly", amount: "10.9000" },
    ],
  });
  await tx.tierOptionPrice.create({
    data: { tierId: ids.Gold, optionId: refs.options["extra-ipv4"]!, cycle: "monthly", amount: "1.5000" },
  });
  return ids;
}
