import type { Decimal } from "./money";
import type { TierDiscount } from "./pricing-data";

export interface TierDiscountLadder {
  defaultDiscountPercent: Decimal;
  categoryDiscounts: readonly { categoryId: string; percent: Decimal }[];
}

/**
 * The tier's percentage for a product: its category's entry, else (a category left blank, or a
 * product without a category) the tier's default rate. No tier → null.
 */
export function tierDiscountFor(tier: TierDiscountLadder | null, categoryId: string | null): TierDiscount | null {
  if (!tier) return null;
  const category = categoryId === null ? undefined : tier.categoryDiscounts.find((c) => c.categoryId === categoryId);
  return category ? { percent: category.percent, rule: "tier_category_discount" } : { percent: tier.defaultDiscountPercent, rule: "tier_discount" };
}
