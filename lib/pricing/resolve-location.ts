import type { BillingCycle } from "@/lib/generated/prisma/client";
import { fromMonthly } from "./billing-cycles";
import { ZERO, type Decimal } from "./money";
import type { ProductPricing } from "./pricing-data";
import { LocationRequiredError, LocationUnavailableError } from "./pricing-errors";

export interface ResolvedLocation {
  locationId: string;
  value: string;
  name: string;
  /** Per month, as configured (snapshotted onto the service as locationSurchargeMonthly). */
  surchargeMonthly: Decimal;
  /** On the order's cycle: × months, / 720 per hour on `hourly`. */
  surcharge: Decimal;
  /** One-off, per unit. */
  surchargeSetup: Decimal;
}

/** The location values the product is sold in now, in catalogue order. */
export function acceptedLocations(product: ProductPricing): string[] {
  return product.locations.filter((l) => l.enabled).map((l) => l.value);
}

/**
 * The datacentre of an order line and its surcharge (customer-api "Locations and availability",
 * docs/decisions.md#d24). A product with `locationRequired` needs one (LocationRequiredError); a named
 * location must be one the product is sold in (LocationUnavailableError naming the accepted
 * values; any location is refused for a product sold in none). Without a location: null.
 * The surcharge applies to customers and resellers alike, never discounted; a location row
 * without a surcharge costs nothing extra.
 */
export function resolveLocation(product: ProductPricing, requested: string | null | undefined, cycle: BillingCycle): ResolvedLocation | null {
  if (requested === undefined || requested === null || requested === "") {
    if (product.locationRequired) throw new LocationRequiredError();
    return null;
  }
  const row = product.locations.find((l) => l.enabled && l.value === requested);
  if (!row) throw new LocationUnavailableError(requested, acceptedLocations(product));
  const surchargeMonthly = row.surchargeMonthly ?? ZERO;
  return {
    locationId: row.locationId,
    value: row.value,
    name: row.name,
    surchargeMonthly,
    surcharge: fromMonthly(surchargeMonthly, cycle),
    surchargeSetup: row.surchargeSetup ?? ZERO,
  };
}
