import type { DbOrTx } from "@/lib/db/client";
import type { BillingCycle, OptionPricingType } from "@/lib/generated/prisma/client";
import { getBaseCurrency } from "./base-currency";
import { BILLING_CYCLES } from "./billing-cycles";
import { loadProductPricing, loadWholesaleTerms } from "./load-pricing-data";
import { roundMoney, roundPrice, type Decimal } from "./money";
import type { PriceRule } from "./price-rule";
import type { ProductPricing, WholesaleTerms } from "./pricing-data";
import { CycleNotSoldError, OptionCycleNotSoldError } from "./pricing-errors";
import { resolveBuyer, type PricingBuyer } from "./resolve-buyer";
import { resolveDiscount, type Discount } from "./resolve-discount";
import { cyclePriceOrDerived, resolveOptionPrice } from "./resolve-option-price";
import { resolveProductPrice, soldAtRetail } from "./resolve-product-price";

export interface SheetFigure {
  amount: Decimal;
  rule: PriceRule;
  setupFee: Decimal;
  setupFeeRule: PriceRule;
}

export interface OptionPriceSheet {
  optionId: string;
  name: string;
  pricingType: OptionPricingType;
  maxQuantity: number | null;
  /** What the buyer pays per cycle the product is sold on (recurring options); a cycle absent cannot be ordered. */
  cycles: Partial<Record<BillingCycle, SheetFigure>>;
  /** What the buyer pays once (one-time options). */
  oneTime: { amount: Decimal; rule: PriceRule } | null;
  /** Retail per cycle the product is sold on, own or derived from monthly, rounded as a price (recurring options). */
  retail: Partial<Record<BillingCycle, Decimal>>;
  retailSetupFee: Decimal | null;
  retailOneTime: Decimal | null;
}

export interface ProductPriceSheet {
  productId: string;
  /** Every cycle an order accepts, with what the buyer pays; a cycle absent is not sold. */
  cycles: Partial<Record<BillingCycle, SheetFigure>>;
  /** Cycles sold at retail (ProductPrice rows minus the category's disabled cycles): the product schema's billingCycles. */
  retailCycles: BillingCycle[];
  /** The percentage off retail used where no absolute price exists (0 / retail for customers). */
  discount: Discount;
  /** Orderable options only. */
  options: OptionPriceSheet[];
}

/**
 * What a buyer pays for a product on every cycle, with the same rules as quoteOrder (so the
 * catalogue's non-null cycles are exactly those an order accepts, and every figure is the one an
 * order charges: rounded once, by the resolvers, in the product's currency). Location surcharges
 * are not included: they depend on the location chosen (resolveLocation).
 */
export function priceSheet(product: ProductPricing, terms: WholesaleTerms | null): ProductPriceSheet {
  const discount = resolveDiscount(terms);
  const cycles: ProductPriceSheet["cycles"] = {};
  for (const cycle of BILLING_CYCLES) {
    try {
      const r = resolveProductPrice(product, cycle, terms);
      cycles[cycle] = { amount: r.price.amount, rule: r.price.rule, setupFee: r.setupFee.amount, setupFeeRule: r.setupFee.rule };
    } catch (error) {
      if (!(error instanceof CycleNotSoldError)) throw error;
    }
  }
  const options = product.options
    .filter((o) => o.orderable)
    .map((option): OptionPriceSheet => {
      const sheet: OptionPriceSheet = {
        optionId: option.id,
        name: option.name,
        pricingType: option.pricingType,
        maxQuantity: option.maxQuantity,
        cycles: {},
        oneTime: null,
        retail: {},
        retailSetupFee: option.pricingType === "recurring" && option.setupFee !== null ? roundMoney(option.setupFee, product.currency) : null,
        retailOneTime: option.pricingType === "one_time" && option.oneTimePrice !== null ? roundMoney(option.oneTimePrice, product.currency) : null,
      };
      for (const cycle of BILLING_CYCLES.filter((c) => cycles[c])) {
        try {
          const r = resolveOptionPrice(option, cycle, terms, discount, product.currency);
          if (option.pricingType === "one_time") {
            sheet.oneTime ??= { amount: r.setupFee.amount, rule: r.setupFee.rule };
          } else {
            sheet.cycles[cycle] = { amount: r.price.amount, rule: r.price.rule, setupFee: r.setupFee.amount, setupFeeRule: r.setupFee.rule };
            const retail = cyclePriceOrDerived(option.retail, cycle);
            if (retail !== null) sheet.retail[cycle] = roundPrice(retail, product.currency, cycle);
          }
        } catch (error) {
          if (!(error instanceof OptionCycleNotSoldError)) throw error;
        }
      }
      return sheet;
    });
  return { productId: product.id, cycles, retailCycles: BILLING_CYCLES.filter((c) => soldAtRetail(product, c)), discount, options };
}

/** priceSheet for each given product the buyer can see (enabled; unknown ids are absent). */
export async function loadPriceSheets(db: DbOrTx, buyer: PricingBuyer, productIds: Iterable<string>): Promise<Map<string, ProductPriceSheet>> {
  const resolved = await resolveBuyer(db, buyer);
  const products = [...(await loadProductPricing(db, productIds, await getBaseCurrency(db))).values()].filter((p) => p.enabled);
  const terms = resolved.reseller ? await loadWholesaleTerms(db, resolved.reseller, products) : null;
  return new Map(products.map((p) => [p.id, priceSheet(p, terms?.get(p.id) ?? null)]));
}
