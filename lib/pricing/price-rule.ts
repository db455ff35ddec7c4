/**
 * Which rule produced a figure. Stored on OrderItem.priceRule and shown in order review.
 * - `reseller_override`: the reseller's own absolute price (ResellerPriceOverride)
 * - `tier_price_book`: the absolute price of the reseller's tier (TierPrice, TierOptionPrice)
 * - `product_discount`: retail less the reseller's per-product percentage (ResellerProductDiscount)
 * - `tier_category_discount`: retail less the tier's percentage for the product's category
 * - `tier_discount`: retail less the tier's default percentage
 * - `reseller_discount`: retail less the reseller's default percentage
 * - `retail`: the retail price (every customer; a reseller whose best percentage is 0)
 */
export const PRICE_RULES = [
  "reseller_override",
  "tier_price_book",
  "product_discount",
  "tier_category_discount",
  "tier_discount",
  "reseller_discount",
  "retail",
] as const;

export type PriceRule = (typeof PRICE_RULES)[number];

/** The rules that take a percentage off retail. */
export type DiscountRule = Extract<PriceRule, "product_discount" | "tier_category_discount" | "tier_discount" | "reseller_discount" | "retail">;
