// lib/pricing: the commerce pricing rules (docs/pricing.md). Import from here.
export { BILLING_CYCLES, MONTHS_IN_CYCLE, PRICE_HOURS_PER_MONTH, RUN_RATE_HOURS_PER_MONTH, apiBillingCycle, fromMonthly, monthlyEquivalent, parseBillingCycle, requireBillingCycle, sumPerMonth } from "./billing-cycles";
export { DEFAULT_BASE_CURRENCY, getBaseCurrency } from "./base-currency";
export { BILLING_CYCLE_LABEL, BILLING_CYCLE_PER } from "./billing-cycle-label";
export { computeTier, type TierThreshold } from "./compute-tier";
export { PRICE_RULE_LABEL, describePriceRule, formatPercent, type PriceRuleContext } from "./describe-price-rule";
export { applyRate, convert, convertPrice, findExchangeRate, type Conversion, type ExchangeRateInForce } from "./exchange-rate";
export { loadProductPricing, loadWholesaleTerms, type ResellerPricingProfile } from "./load-pricing-data";
export { MONEY_ROUNDING, UNIT_DECIMALS, ZERO, clampPercent, dec, isRoundPrice, minorUnitDigits, percentOff, roundMoney, roundPrice, roundRate, roundUnit, type Decimal } from "./money";
export { RELEASED_SERVICE_STATUSES, assertHoldingCaps, assertMinimumOrder } from "./order-limits";
export { PRICE_RULES, type DiscountRule, type PriceRule } from "./price-rule";
export { loadPriceSheets, priceSheet, type OptionPriceSheet, type ProductPriceSheet, type SheetFigure } from "./price-sheet";
export type { AbsolutePrice, CyclePrices, LocationPricing, OptionPricing, ProductPricing, TierDiscount, WholesaleTerms } from "./pricing-data";
export {
  CycleNotSoldError,
  LOCATION_REQUIRED_MESSAGE,
  LocationRequiredError,
  LocationUnavailableError,
  MinimumOrderError,
  OptionCycleNotSoldError,
  OptionQuantityError,
  QuantityLimitError,
  UnavailableOptionsError,
} from "./pricing-errors";
export { quoteOrder, type OrderQuote, type QuoteItemInput, type QuoteLine, type QuoteOrderInput, type QuoteOrderOptions, type QuotedLocation, type QuotedOption } from "./quote-order";
export { tierDiscountFor, type TierDiscountLadder } from "./tier-discount-for";
export { recomputeResellerTier, type TierRecomputation } from "./recompute-reseller-tier";
export { resolveBuyer, type PricingBuyer, type ResolvedBuyer } from "./resolve-buyer";
export { NO_DISCOUNT, resolveDiscount, type Discount } from "./resolve-discount";
export { acceptedLocations, locationSurcharges, resolveLocation, type ResolvedLocation } from "./resolve-location";
export { cyclePriceOrDerived, resolveOptionPrice, type ResolvedOptionPrice } from "./resolve-option-price";
export { resolveProductPrice, soldAtRetail, type PricedFigure, type ResolvedProductPrice } from "./resolve-product-price";
export { ONE_OFF_WINDOW_DAYS, computeRunRate, type RunRate } from "./run-rate";
export { findVatRate, vatOn, type VatRateInForce } from "./vat-rate";
