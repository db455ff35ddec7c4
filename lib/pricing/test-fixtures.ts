import type { BillingCycle } from "@/lib/generated/prisma/client";
import { dec } from "./money";
import type { CycleAbsolutePrices, CyclePrices, OptionPricing, ProductPricing, WholesaleTerms } from "./pricing-data";

// Builders of pricing snapshots for the pure-rule tests: figures as strings, the rest defaulted.

export function prices(figures: Partial<Record<BillingCycle, string>>): CyclePrices {
  return Object.fromEntries(Object.entries(figures).map(([cycle, amount]) => [cycle, dec(amount!)]));
}

export function absolute(figures: Partial<Record<BillingCycle, [amount: string, setupFee?: string]>>): CycleAbsolutePrices {
  return Object.fromEntries(
    Object.entries(figures).map(([cycle, [amount, setupFee]]) => [cycle, { amount: dec(amount), setupFee: setupFee === undefined ? null : dec(setupFee) }]),
  );
}

export function product(over: Partial<ProductPricing> = {}): ProductPricing {
  return {
    id: "product-1",
    name: "Plan",
    currency: "EUR",
    enabled: true,
    categoryId: "category-1",
    disabledCycles: [],
    retail: prices({ monthly: "100" }),
    setupFee: null,
    locationRequired: false,
    locations: [],
    options: [],
    ...over,
  };
}

export function option(over: Partial<OptionPricing> = {}): OptionPricing {
  return {
    id: "option-1",
    name: "Extra IPv4",
    pricingType: "recurring",
    maxQuantity: null,
    orderable: true,
    retail: prices({ monthly: "2" }),
    setupFee: null,
    oneTimePrice: null,
    ...over,
  };
}

export interface TermsSpec {
  overrides?: Partial<Record<BillingCycle, [string, string?]>>;
  tierPrices?: Partial<Record<BillingCycle, [string, string?]>>;
  productDiscount?: string;
  tierCategory?: string;
  tierDefault?: string;
  reseller?: string;
  tierOptionPrices?: Record<string, Partial<Record<BillingCycle, [string, string?]>>>;
}

/** Wholesale terms; a tier exists when tierDefault or tierCategory is given (category wins, as loaded). */
export function terms(spec: TermsSpec = {}): WholesaleTerms {
  return {
    overrides: absolute(spec.overrides ?? {}),
    tierPrices: absolute(spec.tierPrices ?? {}),
    productDiscountPercent: spec.productDiscount === undefined ? null : dec(spec.productDiscount),
    tierDiscount:
      spec.tierCategory !== undefined
        ? { percent: dec(spec.tierCategory), rule: "tier_category_discount" }
        : spec.tierDefault !== undefined
          ? { percent: dec(spec.tierDefault), rule: "tier_discount" }
          : null,
    resellerDiscountPercent: dec(spec.reseller ?? "0"),
    tierOptionPrices: Object.fromEntries(Object.entries(spec.tierOptionPrices ?? {}).map(([id, entries]) => [id, absolute(entries)])),
  };
}
