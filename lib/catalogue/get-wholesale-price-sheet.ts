import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import { DomainError } from "@/lib/errors/domain-error";
import type { BillingCycle, OptionPricingType } from "@/lib/generated/prisma/client";
import { BILLING_CYCLES, ZERO, priceSheet, type Decimal, type Discount, type PriceRule, type SheetFigure } from "@/lib/pricing";
import { PRODUCT_NOT_FOUND, loadCatalogue } from "./catalogue";
import { isUuid } from "@/lib/schemas/uuid";
import { productKindNotOrderableReason } from "./product-kind-backends";
import type { CatalogueProduct } from "./load-catalogue-products";

// The reseller portal's price list: what the reseller pays (lib/pricing priceSheet with its
// wholesale terms, the figures quoteOrder charges) beside what a customer pays (the same sheet
// without terms), for every cycle, with the rule that produced each figure.

/** The reseller whose price list is read. */
export interface WholesaleSheetActor {
  resellerId: string;
}

/** The context the price list takes first (lib/db/domain-context.ts). */
export type WholesaleSheetContext<D extends DbOrTx = DbOrTx> = DomainContext<WholesaleSheetActor, D>;

export interface WholesaleCycleRow {
  cycle: BillingCycle;
  /** What the reseller pays; null = the cycle cannot be ordered by the reseller. */
  wholesale: SheetFigure | null;
  /** What a customer pays (retail); null = not sold at retail on this cycle. */
  retail: { amount: Decimal; setupFee: Decimal } | null;
}

export interface WholesaleOptionRow {
  optionId: string;
  name: string;
  description: string | null;
  pricingType: OptionPricingType;
  maxQuantity: number | null;
  /** Recurring options: per cycle the product is sold on to the reseller. */
  cycles: { cycle: BillingCycle; wholesale: SheetFigure | null; retail: Decimal | null }[];
  /** One-time options. */
  oneTime: { amount: Decimal; rule: PriceRule } | null;
  retailOneTime: Decimal | null;
  retailSetupFee: Decimal | null;
}

export interface WholesaleLocationRow {
  value: string;
  name: string;
  flag: string;
  /** Per month; × months in the cycle, / 720 per hour. Applies in full (no discount). */
  surchargeMonthly: Decimal;
  /** One-off per service. */
  surchargeSetup: Decimal;
}

export interface WholesaleProductRow {
  product: CatalogueProduct;
  /** Why no order of it is accepted whatever the price (a kind no backend builds yet), else null. */
  notOrderable: string | null;
  cycles: WholesaleCycleRow[];
  /** The percentage off retail used where no absolute price exists, and its source. */
  discount: Discount;
  options: WholesaleOptionRow[];
  /** Locations the product is sold in now. */
  locations: WholesaleLocationRow[];
}

export interface WholesalePriceSheet {
  tier: { id: string; name: string } | null;
  resellerDiscountPercent: Decimal;
  /** Every figure is in it. */
  baseCurrency: string;
  products: WholesaleProductRow[];
}

/**
 * Every enabled product (or those of `productIds`) with the reseller's (`ctx.actor`) price and
 * retail per cycle.
 * The wholesale figures come from the same priceSheet as the reseller API and quoteOrder, so a
 * figure shown here is the one an order on that cycle is charged.
 */
export async function getWholesalePriceSheet(
  ctx: WholesaleSheetContext,
  filter: { productIds?: readonly string[] } = {},
): Promise<WholesalePriceSheet> {
  const catalogue = await loadCatalogue({ ...ctx, actor: { kind: "reseller", resellerId: ctx.actor.resellerId } }, { ids: filter.productIds });
  const profile = await ctx.db.resellerProfile.findUniqueOrThrow({
    where: { id: ctx.actor.resellerId },
    select: { defaultDiscountPercent: true, tier: { select: { id: true, name: true } } },
  });
  const products = catalogue.entries.map(({ product, pricing, sheet }): WholesaleProductRow => {
    const retail = priceSheet(pricing, null);
    const sold = BILLING_CYCLES.filter((c) => sheet.cycles[c]);
    return {
      product,
      notOrderable: productKindNotOrderableReason(product.kind),
      discount: sheet.discount,
      cycles: BILLING_CYCLES.map((cycle) => {
        const r = retail.cycles[cycle];
        return { cycle, wholesale: sheet.cycles[cycle] ?? null, retail: r ? { amount: r.amount, setupFee: r.setupFee } : null };
      }),
      options: sheet.options.map((o) => ({
        optionId: o.optionId,
        name: o.name,
        description: product.optionDescriptions[o.optionId] ?? null,
        pricingType: o.pricingType,
        maxQuantity: o.maxQuantity,
        cycles: o.pricingType === "one_time" ? [] : sold.map((cycle) => ({ cycle, wholesale: o.cycles[cycle] ?? null, retail: o.retail[cycle] ?? null })),
        oneTime: o.oneTime,
        retailOneTime: o.retailOneTime,
        retailSetupFee: o.retailSetupFee,
      })),
      locations: product.locations
        .filter((l) => l.sold)
        .map((l) => ({ value: l.value, name: l.name, flag: l.flag, surchargeMonthly: l.surchargeMonthly ?? ZERO, surchargeSetup: l.surchargeSetup ?? ZERO })),
    };
  });
  return { tier: profile.tier, resellerDiscountPercent: profile.defaultDiscountPercent, baseCurrency: catalogue.baseCurrency, products };
}

/** One product of the price list; unknown, malformed or disabled → 404 `Product not found`. */
export async function getWholesaleProductSheetOrThrow(
  ctx: WholesaleSheetContext,
  { productId }: { productId: string },
): Promise<{ sheet: WholesalePriceSheet; row: WholesaleProductRow }> {
  if (!isUuid(productId)) throw new DomainError("not_found", PRODUCT_NOT_FOUND);
  const sheet = await getWholesalePriceSheet(ctx, { productIds: [productId] });
  const row = sheet.products[0];
  if (!row) throw new DomainError("not_found", PRODUCT_NOT_FOUND);
  return { sheet, row };
}
