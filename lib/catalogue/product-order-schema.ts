import type { BillingCycle } from "@/lib/generated/prisma/client";
import { ZERO, type Decimal } from "@/lib/pricing";
import { catalogueAvailability, defaultOrderableImage, getCatalogueEntry, orderableImages, type CatalogueContext, type CatalogueEntry } from "./catalogue";
import type { AvailabilityCode } from "./compute-availability";
import { HOSTNAME_PATTERN } from "./hostname-pattern";
import type { CatalogueOsImage } from "./load-catalogue-products";

export interface LocationPricingEntry {
  /** Send it as `configuration.location`. */
  value: string;
  name: string;
  countryCode: string;
  flag: string;
  /** Per month, base currency (× months in the cycle, / 720 per hour); 0 when none is set. */
  surchargeMonthly: Decimal;
  /** One-off per service; 0 when none is set. */
  surchargeSetup: Decimal;
  available: boolean;
  code: AvailabilityCode;
}

/** What an order for the product must carry (reseller-api "Product schema"). */
export interface ProductOrderSchema {
  productId: string;
  productName: string;
  category: string | null;
  /** Some cycle is priced for the buyer, so the product bills (false: nothing can be ordered). */
  billingEnabled: boolean;
  /**
   * Cycles sold at retail (ProductPrice rows minus the category's disabled cycles). A cycle priced
   * only by the buyer's override or tier price book is missing here while orders accept it:
   * `orderCycles` (the priced cycles) win where they disagree.
   */
  billingCycles: BillingCycle[];
  /** The cycles an order accepts from this buyer (the non-null `pricing` entries). */
  orderCycles: BillingCycle[];
  /** Plugin-provisioned products only; there are none yet. */
  orderSchema: null;
  pluginDefaults: Record<string, never>;
  requiredFields: string[];
  /** Native VPS: the orderable images, exactly one `isDefault` (defaultOrderableImage); other kinds: none. */
  osImages: CatalogueOsImage[];
  osImageField: "osImageId";
  hostnamePattern: string;
  locationField: "location";
  locationRequired: boolean;
  /** When the product prices its datacentres (location_required, or a surcharge on some location); else null. */
  locationPricing: LocationPricingEntry[] | null;
}

/** The product prices its datacentres: it requires a location or some location it is sold in carries a surcharge. */
export function pricesLocations(entry: CatalogueEntry): boolean {
  return entry.product.locationRequired || entry.product.locations.some((l) => l.sold && (l.surchargeMonthly !== null || l.surchargeSetup !== null));
}

/** What an order for the product must carry from the buyer (`ctx.actor`); an unknown, malformed or disabled id → 404. */
export async function getProductOrderSchema(ctx: CatalogueContext, { productId }: { productId: string }): Promise<ProductOrderSchema> {
  const { entry } = await getCatalogueEntry(ctx, { productId });
  const { product, sheet } = entry;
  const orderCycles = Object.keys(sheet.cycles) as BillingCycle[];
  const defaultImageId = defaultOrderableImage(product)?.id ?? null;
  let locationPricing: LocationPricingEntry[] | null = null;
  if (pricesLocations(entry)) {
    const availability = (await catalogueAvailability(ctx, { entries: [entry] })).get(product.id)!;
    locationPricing = product.locations
      .filter((l) => l.sold)
      .map((l) => {
        const here = availability.locations.find((a) => a.locationId === l.locationId)!;
        return {
          value: l.value,
          name: l.name,
          countryCode: l.countryCode,
          flag: l.flag,
          surchargeMonthly: l.surchargeMonthly ?? ZERO,
          surchargeSetup: l.surchargeSetup ?? ZERO,
          available: here.available,
          code: here.code,
        };
      });
  }
  return {
    productId: product.id,
    productName: product.name,
    category: product.category?.name ?? null,
    billingEnabled: orderCycles.length > 0,
    billingCycles: [...sheet.retailCycles],
    orderCycles,
    orderSchema: null,
    pluginDefaults: {},
    requiredFields: ["billingCycle", ...(product.locationRequired ? ["location"] : [])],
    osImages: product.kind === "vps" ? orderableImages(product).map((i) => ({ ...i, isDefault: i.id === defaultImageId })) : [],
    osImageField: "osImageId",
    hostnamePattern: HOSTNAME_PATTERN,
    locationField: "location",
    locationRequired: product.locationRequired,
    locationPricing,
  };
}
