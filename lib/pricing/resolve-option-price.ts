import type { BillingCycle, OptionPricingType } from "@/lib/generated/prisma/client";
import { fromMonthly } from "./billing-cycles";
import { ZERO, percentOff, roundMoney, roundPrice } from "./money";
import type { AbsolutePrice, CycleAbsolutePrices, CyclePrices, OptionPricing, WholesaleTerms } from "./pricing-data";
import { OptionCycleNotSoldError } from "./pricing-errors";
import type { Discount } from "./resolve-discount";
import type { PricedFigure } from "./resolve-product-price";

export interface ResolvedOptionPrice {
  pricingType: OptionPricingType;
  /** Recurring price per cycle (per hour on `hourly`) of one unit, rounded as a price (roundPrice); 0 for a one-time option. */
  price: PricedFigure;
  /** One-off per unit, rounded to the currency's minor unit: the setup fee of a recurring option, the price of a one-time option. */
  setupFee: PricedFigure;
}

/**
 * A figure on a cycle from per-cycle figures: the cycle's own, else derived from the monthly one
 * (× months in the cycle, / 720 per hour). Null when neither exists.
 */
export function cyclePriceOrDerived(prices: CyclePrices, cycle: BillingCycle) {
  const own = prices[cycle];
  if (own !== undefined) return own;
  const monthly = prices.monthly;
  return monthly === undefined ? null : fromMonthly(monthly, cycle);
}

/** cyclePriceOrDerived for absolute entries; the setup fee is the entry's that priced it (not multiplied). */
function tierEntryOrDerived(entries: CycleAbsolutePrices | undefined, cycle: BillingCycle): AbsolutePrice | null {
  if (!entries) return null;
  const own = entries[cycle];
  if (own) return own;
  const monthly = entries.monthly;
  return monthly ? { amount: fromMonthly(monthly.amount, cycle), setupFee: monthly.setupFee } : null;
}

/**
 * Price and one-off of one unit of an option ordered with a product on a cycle (reseller-api
 * "Add-on option pricing"):
 * - recurring: the tier option price when the tier has one (for the cycle, or derived from its
 *   monthly entry), otherwise retail for the cycle (own or derived from monthly) less `discount`,
 *   the same percentage as the product it is ordered with. No price → OptionCycleNotSoldError.
 *   The setup fee: the tier entry's if it has one, otherwise the retail setup fee less `discount`.
 * - one-time: billed once on the setup side, no separate setup fee: the tier entry for the
 *   order's cycle, else its monthly entry (the cycle column carries no meaning for a one-time
 *   price), otherwise the retail one-time price less `discount`.
 *
 * `currency` is the one the option's figures are in (the product's, ProductPricing.currency): every
 * figure is rounded once, here, as the price shown and charged (docs/decisions.md).
 */
export function resolveOptionPrice(
  option: OptionPricing,
  cycle: BillingCycle,
  terms: WholesaleTerms | null,
  discount: Discount,
  currency: string,
): ResolvedOptionPrice {
  const tierEntries = terms?.tierOptionPrices[option.id];

  if (option.pricingType === "one_time") {
    const book = tierEntries?.[cycle] ?? tierEntries?.monthly;
    let once: PricedFigure;
    if (book) once = { amount: book.amount, rule: "tier_price_book" };
    else if (option.oneTimePrice !== null) once = { amount: percentOff(option.oneTimePrice, discount.percent), rule: discount.rule };
    else throw new OptionCycleNotSoldError(option, cycle);
    return { pricingType: "one_time", price: { amount: ZERO, rule: once.rule }, setupFee: { ...once, amount: roundMoney(once.amount, currency) } };
  }

  const book = tierEntryOrDerived(tierEntries, cycle);
  let price: PricedFigure;
  if (book) {
    price = { amount: book.amount, rule: "tier_price_book" };
  } else {
    const retail = cyclePriceOrDerived(option.retail, cycle);
    if (retail === null) throw new OptionCycleNotSoldError(option, cycle);
    price = { amount: percentOff(retail, discount.percent), rule: discount.rule };
  }
  const setupFee: PricedFigure =
    book && book.setupFee !== null
      ? { amount: book.setupFee, rule: "tier_price_book" }
      : { amount: percentOff(option.setupFee ?? ZERO, discount.percent), rule: discount.rule };
  return {
    pricingType: "recurring",
    price: { ...price, amount: roundPrice(price.amount, currency, cycle) },
    setupFee: { ...setupFee, amount: roundMoney(setupFee.amount, currency) },
  };
}
