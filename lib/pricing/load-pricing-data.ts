import { isUuid } from "@/lib/schemas/uuid";
import type { DbOrTx } from "@/lib/db/client";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import type { Decimal } from "./money";
import type { CycleAbsolutePrices, CyclePrices, ProductPricing, WholesaleTerms } from "./pricing-data";
import { tierDiscountFor } from "./tier-discount-for";


/** Ids that can exist: a malformed id is simply not found (the column is a uuid). */
export function wellFormedIds(ids: Iterable<string>): string[] {
  return [...new Set(ids)].filter((id) => isUuid(id));
}

function cyclePrices(rows: { cycle: BillingCycle; amount: Decimal }[]): CyclePrices {
  const out: CyclePrices = {};
  for (const row of rows) out[row.cycle] = row.amount;
  return out;
}

function absolutePrices(rows: { cycle: BillingCycle; amount: Decimal; setupFee: Decimal | null }[]): CycleAbsolutePrices {
  const out: CycleAbsolutePrices = {};
  for (const row of rows) out[row.cycle] = { amount: row.amount, setupFee: row.setupFee };
  return out;
}

/** The retail catalogue of the given products (unknown ids are absent from the map), its figures in `baseCurrency`. */
export async function loadProductPricing(db: DbOrTx, productIds: Iterable<string>, baseCurrency: string): Promise<Map<string, ProductPricing>> {
  const ids = wellFormedIds(productIds);
  if (ids.length === 0) return new Map();
  const products = await db.product.findMany({
    where: { id: { in: ids } },
    include: {
      category: { select: { disabledCycles: true } },
      prices: true,
      locations: { include: { location: true }, orderBy: [{ location: { sortOrder: "asc" } }, { location: { value: "asc" } }] },
      options: { include: { option: { include: { prices: true } } }, orderBy: [{ option: { createdAt: "asc" } }, { option: { slug: "asc" } }] },
    },
  });
  return new Map(
    products.map((p) => [
      p.id,
      {
        id: p.id,
        name: p.name,
        currency: baseCurrency,
        enabled: p.enabled,
        categoryId: p.categoryId,
        disabledCycles: p.category?.disabledCycles ?? [],
        retail: cyclePrices(p.prices),
        setupFee: p.setupFee,
        locationRequired: p.locationRequired,
        locations: p.locations.map((l) => ({
          locationId: l.locationId,
          value: l.location.value,
          name: l.location.name,
          enabled: l.enabled && l.location.enabled,
          surchargeMonthly: l.surchargeMonthly,
          surchargeSetup: l.surchargeSetup,
        })),
        options: p.options.map((a) => ({
          id: a.option.id,
          name: a.option.name,
          pricingType: a.option.pricingType,
          maxQuantity: a.option.maxQuantity,
          orderable: a.active && a.option.active,
          retail: cyclePrices(a.option.prices),
          setupFee: a.option.setupFee,
          oneTimePrice: a.option.oneTimePrice,
        })),
      } satisfies ProductPricing,
    ]),
  );
}

export interface ResellerPricingProfile {
  id: string;
  accountId: string;
  tierId: string | null;
  defaultDiscountPercent: Decimal;
}

/** Every wholesale lever of one reseller for the given products, narrowed per product. */
export async function loadWholesaleTerms(
  db: DbOrTx,
  reseller: ResellerPricingProfile,
  products: Iterable<ProductPricing>,
): Promise<Map<string, WholesaleTerms>> {
  const list = [...products];
  const productIds = list.map((p) => p.id);
  const optionIds = [...new Set(list.flatMap((p) => p.options.map((o) => o.id)))];
  const tierId = reseller.tierId;
  const [overrides, discounts, tier, tierPrices, tierOptionPrices] = await Promise.all([
    db.resellerPriceOverride.findMany({ where: { resellerId: reseller.id, productId: { in: productIds } } }),
    db.resellerProductDiscount.findMany({ where: { resellerId: reseller.id, productId: { in: productIds } } }),
    tierId ? db.tier.findUnique({ where: { id: tierId }, include: { categoryDiscounts: true } }) : null,
    tierId ? db.tierPrice.findMany({ where: { tierId, productId: { in: productIds } } }) : [],
    tierId && optionIds.length > 0 ? db.tierOptionPrice.findMany({ where: { tierId, optionId: { in: optionIds } } }) : [],
  ]);

  const optionBook: Record<string, CycleAbsolutePrices> = {};
  for (const optionId of optionIds) {
    const rows = tierOptionPrices.filter((r) => r.optionId === optionId);
    if (rows.length > 0) optionBook[optionId] = absolutePrices(rows);
  }

  return new Map(
    list.map((product) => {
      const terms: WholesaleTerms = {
        overrides: absolutePrices(overrides.filter((o) => o.productId === product.id)),
        tierPrices: absolutePrices(tierPrices.filter((t) => t.productId === product.id)),
        productDiscountPercent: discounts.find((d) => d.productId === product.id)?.percent ?? null,
        tierDiscount: tierDiscountFor(tier, product.categoryId),
        resellerDiscountPercent: reseller.defaultDiscountPercent,
        tierOptionPrices: Object.fromEntries(product.options.filter((o) => optionBook[o.id]).map((o) => [o.id, optionBook[o.id]!])),
      };
      return [product.id, terms];
    }),
  );
}
