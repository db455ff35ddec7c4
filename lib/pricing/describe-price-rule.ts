import type { Decimal } from "./money";
import type { PriceRule } from "./price-rule";

/** The short name of each rule, for a column or a badge. */
export const PRICE_RULE_LABEL: Record<PriceRule, string> = {
  reseller_override: "Reseller override",
  tier_price_book: "Tier price book",
  product_discount: "Product discount",
  tier_category_discount: "Tier category discount",
  tier_discount: "Tier discount",
  reseller_discount: "Reseller discount",
  retail: "Retail",
};

export interface PriceRuleContext {
  /** The reseller's tier (null: no tier). */
  tierName: string | null;
  /** The percentage off retail that applies to the product (resolveDiscount / QuoteLine.discountPercent). */
  percent: Decimal;
  /** The product's category, named by a tier category discount. */
  categoryName?: string | null;
}

/** A percentage as people write it: 7, 5.5, 12.25 (never 7.00). */
export function formatPercent(percent: Decimal): string {
  return `${percent.toDecimalPlaces(2).toString()} %`;
}

/**
 * The sentence order review and the wholesale price list show beside a figure: which rule of
 * wholesale resolution (docs/pricing.md) produced it, naming the tier and the percentage.
 */
export function describePriceRule(rule: PriceRule, ctx: PriceRuleContext): string {
  const tier = ctx.tierName ?? "Your tier";
  const off = `${formatPercent(ctx.percent)} off retail`;
  switch (rule) {
    case "reseller_override":
      return "Your override price";
    case "tier_price_book":
      return `${tier} price book`;
    case "product_discount":
      return `Your discount for this product: ${off}`;
    case "tier_category_discount":
      return `${tier} discount for ${ctx.categoryName ?? "this category"}: ${off}`;
    case "tier_discount":
      return `${tier} tier discount: ${off}`;
    case "reseller_discount":
      return `Your default discount: ${off}`;
    case "retail":
      return "Retail price";
  }
}
