import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import { DomainError } from "@/lib/errors/domain-error";
import { getPlatformSwitches } from "@/lib/platform/platform-switches";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import {
  BILLING_CYCLES,
  getBaseCurrency,
  loadProductPricing,
  loadWholesaleTerms,
  locationSurcharges,
  priceSheet,
  resolveBuyer,
  type PricingBuyer,
  type ProductPriceSheet,
  type ProductPricing,
  type ResolvedBuyer,
  type SheetFigure,
} from "@/lib/pricing";
import { computeAvailability, type AvailabilityFacts, type ProductAvailability } from "./compute-availability";
import { loadCapacitySnapshot, moduleOffFor } from "./load-availability-inputs";
import { loadCatalogueProducts, type CatalogueOsImage, type CatalogueProduct } from "./load-catalogue-products";
import { isUuid } from "@/lib/schemas/uuid";
import { productKindNotOrderableReason } from "./product-kind-backends";

export interface CatalogueEntry {
  product: CatalogueProduct;
  /** The retail snapshot pricing rules read (locations with surcharges, options). */
  pricing: ProductPricing;
  /** What this buyer pays on each cycle (lib/pricing priceSheet): the cycles an order accepts. */
  sheet: ProductPriceSheet;
}

export interface Catalogue {
  buyer: ResolvedBuyer;
  /** `wholesale` for the reseller API and for an active reseller's own account (storefront). */
  priceBasis: "retail" | "wholesale";
  /** Every catalogue figure is in it (PlatformSettings.baseCurrency). */
  baseCurrency: string;
  /** Enabled products in catalogue order. */
  entries: CatalogueEntry[];
}

export const PRODUCT_NOT_FOUND = "Product not found";

/** The context every buyer-side catalogue read takes first (lib/db/domain-context.ts): the buyer is `actor`. */
export type CatalogueContext<D extends DbOrTx = DbOrTx> = DomainContext<PricingBuyer, D>;

/**
 * The catalogue as the buyer (`ctx.actor`) sees it: every enabled product (or those of `ids`;
 * unknown, malformed and disabled ids are absent) with what the buyer pays for it — retail for
 * customers, wholesale for resellers and for an account whose reseller profile is active (lib/pricing
 * resolveBuyer).
 */
export async function loadCatalogue({ db, actor }: CatalogueContext, filter: { ids?: Iterable<string> } = {}): Promise<Catalogue> {
  const resolved = await resolveBuyer(db, actor);
  const [products, baseCurrency] = await Promise.all([loadCatalogueProducts(db, { ids: filter.ids }), getBaseCurrency(db)]);
  const pricing = await loadProductPricing(db, products.map((p) => p.id), baseCurrency);
  const priced = products.filter((p) => pricing.has(p.id));
  const terms = resolved.reseller ? await loadWholesaleTerms(db, resolved.reseller, priced.map((p) => pricing.get(p.id)!)) : null;
  return {
    buyer: resolved,
    priceBasis: resolved.reseller ? "wholesale" : "retail",
    baseCurrency,
    entries: priced.map((product) => {
      const productPricing = pricing.get(product.id)!;
      // Surcharges as the prices an order charges (rounded to the base currency's minor unit).
      const locations = product.locations.map((l) => ({ ...l, ...locationSurcharges(l, baseCurrency) }));
      return { product: { ...product, locations }, pricing: productPricing, sheet: priceSheet(productPricing, terms?.get(product.id) ?? null) };
    }),
  };
}

/** One product of the catalogue; an unknown, malformed or disabled id → 404 `Product not found`. */
export async function getCatalogueEntry(ctx: CatalogueContext, { productId }: { productId: string }): Promise<{ catalogue: Catalogue; entry: CatalogueEntry }> {
  if (!isUuid(productId)) throw new DomainError("not_found", PRODUCT_NOT_FOUND);
  const catalogue = await loadCatalogue(ctx, { ids: [productId] });
  const entry = catalogue.entries[0];
  if (!entry) throw new DomainError("not_found", PRODUCT_NOT_FOUND);
  return { catalogue, entry };
}

/**
 * The one figure shown where an API has a single setup fee for a product or option: the monthly
 * cycle's, else the first cycle sold's (an override or price-book entry may set a setup fee per
 * cycle; an order charges the one of its own cycle). Null when no cycle is sold.
 */
export function representativeFigure(cycles: Partial<Record<BillingCycle, SheetFigure>>): SheetFigure | null {
  return cycles.monthly ?? BILLING_CYCLES.map((c) => cycles[c]).find((f) => f !== undefined) ?? null;
}

/** Images offered for a new order (the order gate), in name order. */
export function orderableImages(product: CatalogueProduct): CatalogueOsImage[] {
  return product.osImages.filter((i) => i.orderable);
}

/** The image preselected for an order: the product's default if orderable, else the first orderable, else null. */
export function defaultOrderableImage(product: CatalogueProduct): CatalogueOsImage | null {
  const images = orderableImages(product);
  return images.find((i) => i.isDefault) ?? images[0] ?? null;
}

/**
 * Availability of each entry of the buyer's catalogue (overall, or in `location`), reading capacity
 * and the operator's switches once for all of them.
 */
export async function catalogueAvailability(
  { db }: CatalogueContext,
  { entries, location = null }: { entries: readonly CatalogueEntry[]; location?: string | null },
): Promise<Map<string, ProductAvailability>> {
  const [switches, snapshot] = await Promise.all([getPlatformSwitches(db), loadCapacitySnapshot(db, entries.map((e) => e.product))]);
  return new Map(
    entries.map((entry) => {
      const facts: AvailabilityFacts = {
        sellable: Object.keys(entry.sheet.cycles).length > 0,
        orderableImages: orderableImages(entry.product).length,
        moduleOff: moduleOffFor(entry.product.kind, switches),
        noBackend: productKindNotOrderableReason(entry.product.kind),
      };
      return [entry.product.id, computeAvailability(entry.product, facts, snapshot, location)];
    }),
  );
}

/**
 * GET /products/{id}/availability: answered for every product the buyer can see, whatever the
 * answer (docs/decisions.md#d25); an unknown id is 404. Read-only, safe to poll.
 */
export async function getProductAvailability(
  ctx: CatalogueContext,
  { productId, location = null }: { productId: string; location?: string | null },
): Promise<ProductAvailability> {
  const { entry } = await getCatalogueEntry(ctx, { productId });
  return (await catalogueAvailability(ctx, { entries: [entry], location })).get(entry.product.id)!;
}
