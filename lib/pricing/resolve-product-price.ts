import type { BillingCycle } from "@/lib/generated/prisma/client";
import { ZERO, percentOff, roundMoney, roundPrice, type Decimal } from "./money";
import type { PriceRule } from "./price-rule";
import type { ProductPricing, WholesaleTerms } from "./pricing-data";
import { CycleNotSoldError } from "./pricing-errors";
import { resolveDiscount, type Discount } from "./resolve-discount";

export interface PricedFigure {
  amount: Decimal;
  rule: PriceRule;
}

export interface ResolvedProductPrice {
  /** Per cycle (per hour on `hourly`), per unit, rounded as a price in the product's currency (roundPrice). */
  price: PricedFigure;
  /** One-off, per unit, rounded to the currency's minor unit. */
  setupFee: PricedFigure;
  /** The percentage the product's options are discounted by. */
  discount: Discount;
}

/** Sold at retail: a ProductPrice row exists and the category does not disable the cycle. */
export function soldAtRetail(product: ProductPricing, cycle: BillingCycle): boolean {
  return product.retail[cycle] !== undefined && !product.disabledCycles.includes(cycle);
}

/**
 * Price and setup fee of one unit of a product on a cycle (reseller-api "Wholesale price
 * resolution"), the first rule that applies winning:
 * 1. the reseller's override for the cycle (absolute);
 * 2. the tier price book's entry for the cycle (absolute);
 * 3. retail for the cycle less the percentage of resolveDiscount (customers: retail as it is).
 * Retail is only there when the cycle has a ProductPrice row and the category does not disable
 * it; an override or price-book entry sells a cycle whatever the category says. No rule → throws
 * CycleNotSoldError: a missing price is never 0.
 *
 * The setup fee walks the same chain on its own: the override's setup fee if it has one, else the
 * price-book entry's, else the retail setup fee (none = 0) less the same percentage.
 *
 * Every figure is rounded here, once, to the product currency's minor unit (an hourly rate to 4
 * places): this is the price the catalogue shows and the order charges (docs/decisions.md).
 */
export function resolveProductPrice(product: ProductPricing, cycle: BillingCycle, terms: WholesaleTerms | null): ResolvedProductPrice {
  const discount = resolveDiscount(terms);
  const override = terms?.overrides[cycle];
  const book = terms?.tierPrices[cycle];
  const retail = soldAtRetail(product, cycle) ? product.retail[cycle]! : null;

  let price: PricedFigure;
  if (override) price = { amount: override.amount, rule: "reseller_override" };
  else if (book) price = { amount: book.amount, rule: "tier_price_book" };
  else if (retail) price = { amount: percentOff(retail, discount.percent), rule: discount.rule };
  else throw new CycleNotSoldError(cycle);

  let setupFee: PricedFigure;
  if (override && override.setupFee !== null) setupFee = { amount: override.setupFee, rule: "reseller_override" };
  else if (book && book.setupFee !== null) setupFee = { amount: book.setupFee, rule: "tier_price_book" };
  else setupFee = { amount: percentOff(product.setupFee ?? ZERO, discount.percent), rule: discount.rule };

  return {
    price: { ...price, amount: roundPrice(price.amount, product.currency, cycle) },
    setupFee: { ...setupFee, amount: roundMoney(setupFee.amount, product.currency) },
    discount,
  };
}
