import type { BillingCycle } from "@/lib/generated/prisma/client";
import { fromMonthly } from "./billing-cycles";
import { ZERO, roundMoney, roundPrice, type Decimal } from "./money";
import type { ProductPricing } from "./pricing-data";
import { LocationRequiredError, LocationUnavailableError } from "./pricing-errors";

export interface ResolvedLocation {
  locationId: string;
  value: string;
  name: string;
  /** Per month as configured, rounded to the currency's minor unit (snapshotted onto the service as locationSurchargeMonthly). */
  surchargeMonthly: Decimal;
  /** On the order's cycle, from the rounded monthly figure: × months, / 720 per hour on `hourly` (a 4-place rate). */
  surcharge: Decimal;
  /** One-off, per unit, rounded to the currency's minor unit. */
  surchargeSetup: Decimal;
}

/**
 * A location's configured surcharges as the prices they are in `currency` (the base currency),
 * rounded to its minor unit once, here, as resolveLocation charges them; none stays null. The
 * catalogue shows these.
 */
export function locationSurcharges(
  row: { surchargeMonthly: Decimal | null; surchargeSetup: Decimal | null },
  currency: string,
): { surchargeMonthly: Decimal | null; surchargeSetup: Decimal | null } {
  return {
    surchargeMonthly: row.surchargeMonthly === null ? null : roundMoney(row.surchargeMonthly, currency),
    surchargeSetup: row.surchargeSetup === null ? null : roundMoney(row.surchargeSetup, currency),
  };
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
 * without a surcharge costs nothing extra. Figures are rounded once, here, in the product's
 * currency (docs/decisions.md); the cycle's surcharge derives from the rounded monthly one, so
 * "annual = monthly × 12" holds for the monthly figure a catalogue shows.
 */
export function resolveLocation(product: ProductPricing, requested: string | null | undefined, cycle: BillingCycle): ResolvedLocation | null {
  if (requested === undefined || requested === null || requested === "") {
    if (product.locationRequired) throw new LocationRequiredError();
    return null;
  }
  const row = product.locations.find((l) => l.enabled && l.value === requested);
  if (!row) throw new LocationUnavailableError(requested, acceptedLocations(product));
  const priced = locationSurcharges(row, product.currency);
  const surchargeMonthly = priced.surchargeMonthly ?? ZERO;
  return {
    locationId: row.locationId,
    value: row.value,
    name: row.name,
    surchargeMonthly,
    surcharge: roundPrice(fromMonthly(surchargeMonthly, cycle), product.currency, cycle),
    surchargeSetup: priced.surchargeSetup ?? ZERO,
  };
}
