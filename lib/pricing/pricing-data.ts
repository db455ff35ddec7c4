import type { BillingCycle, OptionPricingType } from "@/lib/generated/prisma/client";
import type { Decimal } from "./money";

// Plain snapshots of what pricing reads, loaded once per quote (load-pricing-data.ts), so every
// rule is a pure function over them and can be tested without a database.

/** Figures per cycle; a cycle without an entry has no price of its own. */
export type CyclePrices = Partial<Record<BillingCycle, Decimal>>;

/** An absolute price with its own setup fee (null = this entry says nothing about the setup fee). */
export interface AbsolutePrice {
  amount: Decimal;
  setupFee: Decimal | null;
}

export type CycleAbsolutePrices = Partial<Record<BillingCycle, AbsolutePrice>>;

export interface LocationPricing {
  locationId: string;
  /** What an order sends as `location`. */
  value: string;
  name: string;
  /** Sold there now: the product-location row and the location are both enabled. */
  enabled: boolean;
  surchargeMonthly: Decimal | null;
  surchargeSetup: Decimal | null;
}

export interface OptionPricing {
  id: string;
  name: string;
  pricingType: OptionPricingType;
  maxQuantity: number | null;
  /** The option is active and its assignment to this product is active. */
  orderable: boolean;
  /** Retail recurring prices per cycle. */
  retail: CyclePrices;
  /** Retail setup fee of a recurring option (null = none). */
  setupFee: Decimal | null;
  /** Retail price of a one-time option. */
  oneTimePrice: Decimal | null;
}

export interface ProductPricing {
  id: string;
  name: string;
  /** The currency every figure here is in (the supplier's base currency): prices are rounded to its minor unit. */
  currency: string;
  enabled: boolean;
  categoryId: string | null;
  /** Cycles the category never sells at retail. */
  disabledCycles: readonly BillingCycle[];
  /** Retail prices (ProductPrice rows); a missing cycle is not sold at retail. */
  retail: CyclePrices;
  /** Retail setup fee (null = none). */
  setupFee: Decimal | null;
  locationRequired: boolean;
  locations: LocationPricing[];
  /** Options assigned to the product, orderable or not. */
  options: OptionPricing[];
}

/** A tier percentage and the rule that names where it came from. */
export interface TierDiscount {
  percent: Decimal;
  rule: "tier_category_discount" | "tier_discount";
}

/** What one reseller pays for one product: every lever of wholesale resolution, narrowed to it. */
export interface WholesaleTerms {
  /** ResellerPriceOverride rows by cycle. */
  overrides: CycleAbsolutePrices;
  /** TierPrice rows of the reseller's tier by cycle. */
  tierPrices: CycleAbsolutePrices;
  /** ResellerProductDiscount.percent, or null when not set. */
  productDiscountPercent: Decimal | null;
  /** The tier's category percentage, else its default; null without a tier. */
  tierDiscount: TierDiscount | null;
  /** ResellerProfile.defaultDiscountPercent. */
  resellerDiscountPercent: Decimal;
  /** TierOptionPrice rows of the reseller's tier, by option id and cycle. */
  tierOptionPrices: Record<string, CycleAbsolutePrices>;
}
