import { ZERO, clampPercent, type Decimal } from "./money";
import type { DiscountRule } from "./price-rule";
import type { WholesaleTerms } from "./pricing-data";

export interface Discount {
  percent: Decimal;
  rule: DiscountRule;
}

export const NO_DISCOUNT: Discount = { percent: ZERO, rule: "retail" };

/**
 * The percentage off retail (step 3 of wholesale resolution), also used for the product's options:
 * the per-product percentage if set (even 0), otherwise the larger of the tier's (category or
 * default) and the reseller's default; on a tie the tier's. A best percentage of 0 is `retail`.
 * Customers (no terms) pay retail. Percentages are held between 0 and 100.
 */
export function resolveDiscount(terms: WholesaleTerms | null): Discount {
  if (!terms) return NO_DISCOUNT;
  if (terms.productDiscountPercent !== null) return { percent: clampPercent(terms.productDiscountPercent), rule: "product_discount" };
  const reseller = clampPercent(terms.resellerDiscountPercent);
  const tier = terms.tierDiscount ? clampPercent(terms.tierDiscount.percent) : null;
  if (tier !== null && terms.tierDiscount && tier.greaterThanOrEqualTo(reseller)) {
    return tier.isZero() ? NO_DISCOUNT : { percent: tier, rule: terms.tierDiscount.rule };
  }
  return reseller.isZero() ? NO_DISCOUNT : { percent: reseller, rule: "reseller_discount" };
}
