import type { DbOrTx } from "@/lib/db/client";
import type { ProductKind } from "@/lib/generated/prisma/client";
import type { Decimal } from "@/lib/pricing";
import { wellFormedIds } from "./product-ids";

// What the catalogue shows of a product beyond its prices (lib/pricing loads those): display
// fields, the switches availability reads, locations with flags and configured capacity, images.

export interface CatalogueCategory {
  id: string;
  slug: string;
  name: string;
}

export interface CatalogueLocation {
  locationId: string;
  /** What an order sends as `location`. */
  value: string;
  name: string;
  countryCode: string;
  flag: string;
  /** Location.sortOrder (catalogue order is sortOrder, then value). */
  sortOrder: number;
  /** Sold there now: the product-location row and the location are both enabled. */
  sold: boolean;
  /** ProductLocation.capacity: units the operator says can be sold there (kinds without a backend). */
  capacity: number | null;
  surchargeMonthly: Decimal | null;
  surchargeSetup: Decimal | null;
}

export interface CatalogueOsImage {
  id: string;
  name: string;
  slug: string;
  family: string;
  distro: string;
  version: string;
  logoUrl: string | null;
  /** The order gate: only orderable images are offered for a new order. */
  orderable: boolean;
  isDefault: boolean;
}

export interface CatalogueProduct {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  kind: ProductKind;
  specs: Record<string, unknown>;
  enabled: boolean;
  forcedUnavailable: boolean;
  locationRequired: boolean;
  category: CatalogueCategory | null;
  /** Every location row, sold or not, in catalogue order (location sortOrder, value). */
  locations: CatalogueLocation[];
  /** Enabled images linked to the product (a disabled image is gone for every purpose), by name. */
  osImages: CatalogueOsImage[];
  /** Descriptions of the product's options by option id (pricing carries the rest). */
  optionDescriptions: Record<string, string | null>;
}

/**
 * The catalogue's products in catalogue order (sortOrder, name). Without `ids` every product;
 * with `ids` only those (malformed and unknown ids are simply absent). Disabled products are left
 * out unless `includeDisabled`: they are not part of the catalogue any caller of the APIs sees.
 */
export async function loadCatalogueProducts(
  db: DbOrTx,
  filter: { ids?: Iterable<string>; includeDisabled?: boolean } = {},
): Promise<CatalogueProduct[]> {
  const ids = filter.ids === undefined ? undefined : wellFormedIds(filter.ids);
  if (ids && ids.length === 0) return [];
  const rows = await db.product.findMany({
    where: { id: ids ? { in: ids } : undefined, enabled: filter.includeDisabled ? undefined : true },
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }, { id: "asc" }],
    include: {
      category: { select: { id: true, slug: true, name: true } },
      locations: { include: { location: true }, orderBy: [{ location: { sortOrder: "asc" } }, { location: { value: "asc" } }] },
      osImages: { where: { osImage: { enabled: true } }, include: { osImage: true }, orderBy: [{ osImage: { name: "asc" } }, { osImageId: "asc" }] },
      options: { select: { option: { select: { id: true, description: true } } } },
    },
  });
  return rows.map((p) => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    kind: p.kind,
    specs: p.specs && typeof p.specs === "object" && !Array.isArray(p.specs) ? (p.specs as Record<string, unknown>) : {},
    enabled: p.enabled,
    forcedUnavailable: p.forcedUnavailable,
    locationRequired: p.locationRequired,
    category: p.category,
    locations: p.locations.map((l) => ({
      locationId: l.locationId,
      value: l.location.value,
      name: l.location.name,
      countryCode: l.location.countryCode,
      flag: l.location.flag,
      sortOrder: l.location.sortOrder,
      sold: l.enabled && l.location.enabled,
      capacity: l.capacity,
      surchargeMonthly: l.surchargeMonthly,
      surchargeSetup: l.surchargeSetup,
    })),
    osImages: p.osImages.map((i) => ({
      id: i.osImage.id,
      name: i.osImage.name,
      slug: i.osImage.slug,
      family: i.osImage.family,
      distro: i.osImage.distro,
      version: i.osImage.version,
      logoUrl: i.osImage.logoUrl,
      orderable: i.osImage.orderable,
      isDefault: i.isDefault,
    })),
    optionDescriptions: Object.fromEntries(p.options.map((a) => [a.option.id, a.option.description])),
  }));
}
