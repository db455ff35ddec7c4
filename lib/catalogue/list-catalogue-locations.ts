import { catalogueAvailability, loadCatalogue, type CatalogueContext } from "./catalogue";

export interface CatalogueLocationRow {
  locationId: string;
  value: string;
  name: string;
  countryCode: string;
  flag: string;
  /** Products listing the location, in catalogue order. */
  productIds: string[];
  /** No product listing it can be built there now (each is out of capacity there). */
  soldOut: boolean;
}

/**
 * GET /locations: the locations where some product (of `productIds`, else of the whole catalogue
 * the buyer sees) can be built. A product lists a location while it is sold there (product-location
 * row and location enabled) and can be ordered at all — not `plan_disabled`, not
 * `forced_unavailable`. Running out of capacity does not unlist it: the location is then
 * `soldOut` when every product listing it is out of capacity there (`unknown` is not sold out).
 * Locations come in catalogue order (Location.sortOrder, value).
 */
export async function listCatalogueLocations(
  ctx: CatalogueContext,
  filter: { productIds?: readonly string[] } = {},
): Promise<CatalogueLocationRow[]> {
  const catalogue = await loadCatalogue(ctx, { ids: filter.productIds });
  const availability = await catalogueAvailability(ctx, { entries: catalogue.entries });
  const rows = new Map<string, CatalogueLocationRow & { sortOrder: number }>();
  for (const entry of catalogue.entries) {
    const answer = availability.get(entry.product.id)!;
    if (answer.code === "plan_disabled" || answer.code === "forced_unavailable") continue;
    for (const here of answer.locations) {
      const location = entry.product.locations.find((l) => l.locationId === here.locationId)!;
      let row = rows.get(here.locationId);
      if (!row) {
        row = {
          locationId: location.locationId,
          value: location.value,
          name: location.name,
          countryCode: location.countryCode,
          flag: location.flag,
          productIds: [],
          soldOut: true,
          sortOrder: location.sortOrder,
        };
        rows.set(here.locationId, row);
      }
      row.productIds.push(entry.product.id);
      if (here.code !== "no_capacity") row.soldOut = false;
    }
  }
  return [...rows.values()]
    .sort((a, b) => a.sortOrder - b.sortOrder || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .map(({ sortOrder: _sortOrder, ...row }) => row);
}
