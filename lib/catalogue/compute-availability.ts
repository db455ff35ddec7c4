import { dedicatedAvailability, gameAvailability, vpsAvailability } from "@/lib/backends/capacity/availability";
import type { LocationCapacity } from "@/lib/backends/capacity/capacity-by-location";
import { gameSizeFromSpecs, sizeFromSpecs } from "@/lib/backends/capacity/sizes";
import type { ProductKind } from "@/lib/generated/prisma/client";
import type { CatalogueLocation } from "./load-catalogue-products";

// Can a product be ordered, and where (customer-api "Locations and availability"; docs/catalogue.md).
// Pure: the facts are loaded by load-availability-inputs.ts, so every rule is tested without a database.

export const AVAILABILITY_CODES = [
  "available",
  "no_capacity",
  "location_unavailable",
  "forced_unavailable",
  "plan_disabled",
  "no_location",
  "unknown",
  "sold_out",
] as const;
export type AvailabilityCode = (typeof AVAILABILITY_CODES)[number];

/** Where the units a location can still build come from, by product kind. */
export type CapacitySource = "nodes" | "game-nodes" | "stock" | "configured";

/**
 * `vps`: free units of the location's enabled hypervisors and free addresses (vpsAvailability);
 * `dedicated`: servers of the product's SKU in stock (dedicatedAvailability); `game`: room on the
 * location's game nodes, memory, disk and ports (gameAvailability); the other kinds (ip_transit,
 * colocation, generic): ProductLocation.capacity less units held.
 */
export function capacitySource(kind: ProductKind): CapacitySource {
  if (kind === "vps") return "nodes";
  if (kind === "dedicated") return "stock";
  if (kind === "game") return "game-nodes";
  return "configured";
}

export interface AvailabilityProduct {
  id: string;
  slug: string;
  kind: ProductKind;
  specs: Record<string, unknown>;
  enabled: boolean;
  forcedUnavailable: boolean;
  locationRequired: boolean;
  locations: Pick<CatalogueLocation, "locationId" | "value" | "name" | "sold" | "capacity">[];
}

/** What else decides whether the plan can be ordered at all, for this caller. */
export interface AvailabilityFacts {
  /** Some billing cycle is priced for the caller (a plan nobody can pay for cannot be ordered). */
  sellable: boolean;
  /** Orderable OS images linked to the product (a native VPS without one cannot be ordered). */
  orderableImages: number;
  /** The operator switched the product's module off: its label (e.g. "native VPS"), else null. */
  moduleOff: string | null;
  /** No backend builds the product's kind: the sentence (productKindNotOrderableReason), else null. */
  noBackend: string | null;
}

export interface CapacitySnapshot {
  /** Per location id (capacityByLocation); null when it could not be read. */
  byLocation: ReadonlyMap<string, LocationCapacity> | null;
  /** Units held per `${productId}/${locationId}`: services neither terminated nor cancelled (configured kinds). */
  held: ReadonlyMap<string, number>;
}

export const heldKey = (productId: string, locationId: string) => `${productId}/${locationId}`;

export interface AvailabilityAnswer {
  /** Whether an order would be accepted now (true for `unknown`: it never refuses an order). */
  available: boolean;
  code: AvailabilityCode;
  /** A sentence for people; never operator detail. */
  reason: string;
}

export interface LocationAvailability extends AvailabilityAnswer {
  locationId: string;
  value: string;
  name: string;
  /** How many more could be built there now; null when not known or not limited. */
  units: number | null;
}

export interface ProductAvailability extends AvailabilityAnswer {
  productId: string;
  /** The location asked about, as sent, or null. */
  location: string | null;
  locationRequired: boolean;
  /** Every location the product is sold in, in catalogue order. */
  locations: LocationAvailability[];
}

/** The plan cannot be ordered anywhere, whatever the location: the reason, else null. */
export function planDisabledReason(product: Pick<AvailabilityProduct, "enabled" | "kind">, facts: AvailabilityFacts): string | null {
  if (!product.enabled) return "This product is no longer sold";
  if (facts.moduleOff) return `The ${facts.moduleOff} module is switched off on this platform`;
  if (!facts.sellable) return "This product is not sold on any billing cycle";
  if (facts.noBackend) return facts.noBackend;
  if (product.kind === "vps" && facts.orderableImages === 0) return "No operating system image can be ordered with this product";
  return null;
}

const FORCED_REASON = "This product is temporarily unavailable";

function dedicatedSku(product: AvailabilityProduct): string {
  const sku = product.specs.hardwareSku;
  return typeof sku === "string" && sku !== "" ? sku : product.slug;
}

function wholeNumber(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** What capacity says about one location the product is sold in. */
function fromCapacity(product: AvailabilityProduct, location: AvailabilityProduct["locations"][number], snapshot: CapacitySnapshot): LocationAvailability {
  const base = { locationId: location.locationId, value: location.value, name: location.name };
  const answer = (code: "available" | "no_capacity" | "unknown", units: number | null, reason: string): LocationAvailability => ({
    ...base,
    available: code !== "no_capacity",
    code,
    reason,
    units,
  });
  const unknown = () => answer("unknown", null, `Capacity in ${location.name} could not be checked just now; orders are accepted`);
  const source = capacitySource(product.kind);

  if (source === "configured") {
    if (location.capacity === null) return answer("available", null, `Available in ${location.name}`);
    const units = Math.max(0, location.capacity - (snapshot.held.get(heldKey(product.id, location.locationId)) ?? 0));
    return units > 0 ? answer("available", units, `Available in ${location.name}`) : answer("no_capacity", 0, `Sold out in ${location.name}`);
  }
  if (!snapshot.byLocation) return unknown();
  const capacity = snapshot.byLocation.get(location.locationId);
  if (source === "nodes") {
    const size = sizeFromSpecs(product.specs);
    if (!size) return unknown();
    let result;
    try {
      result = vpsAvailability(capacity, size);
    } catch {
      return unknown();
    }
    return result.available
      ? answer("available", result.units, `Available in ${location.name}`)
      : answer("no_capacity", 0, `No capacity left in ${location.name} for this product`);
  }
  if (source === "game-nodes") {
    const size = gameSizeFromSpecs(product.specs);
    if (!size) return unknown();
    const result = gameAvailability(capacity, size);
    return result.available
      ? answer("available", result.units, `Available in ${location.name}`)
      : answer("no_capacity", 0, `No capacity left in ${location.name} for this product`);
  }
  const result = dedicatedAvailability(capacity, dedicatedSku(product), wholeNumber(product.specs.ipv4, 1));
  return result.available
    ? answer("available", result.units, `Available in ${location.name}`)
    : answer("no_capacity", 0, `No server of this model is in stock in ${location.name}`);
}

const listNames = (locations: { name: string; value: string }[]) => locations.map((l) => `${l.name} (${l.value})`).join(", ");

/**
 * Availability of a product, overall or in the `requested` location, with every location it is
 * sold in. The first that applies wins:
 * 1. `plan_disabled`: disabled product, module switched off, no cycle priced for the caller, a kind
 *    no backend builds yet (product-kind-backends.ts), or a native VPS without an orderable image
 *    (planDisabledReason);
 * 2. `forced_unavailable`: the operator's switch (Product.forcedUnavailable);
 * 3. with a location: `location_unavailable` when the product is not sold there, else that
 *    location's answer (`available`, `no_capacity`, or `unknown` when capacity could not be
 *    read — `unknown` is `available: true`, it never refuses an order);
 * 4. without one: `no_location` when the product is sold nowhere (a `generic` product needs no
 *    location and is `available`), `available` when some location is, `unknown` when none is
 *    but some could not be checked, else `sold_out`.
 */
export function computeAvailability(
  product: AvailabilityProduct,
  facts: AvailabilityFacts,
  snapshot: CapacitySnapshot,
  requested: string | null = null,
): ProductAvailability {
  const sold = product.locations.filter((l) => l.sold);
  const disabled = planDisabledReason(product, facts);
  const blocked = (code: "plan_disabled" | "forced_unavailable", reason: string): LocationAvailability[] =>
    sold.map((l) => ({ locationId: l.locationId, value: l.value, name: l.name, available: false, code, reason, units: 0 }));
  const locations: LocationAvailability[] = disabled
    ? blocked("plan_disabled", disabled)
    : product.forcedUnavailable
      ? blocked("forced_unavailable", FORCED_REASON)
      : sold.map((l) => fromCapacity(product, l, snapshot));
  const out = (answer: AvailabilityAnswer): ProductAvailability => ({
    productId: product.id,
    location: requested,
    locationRequired: product.locationRequired,
    locations,
    ...answer,
  });

  if (disabled) return out({ available: false, code: "plan_disabled", reason: disabled });
  if (product.forcedUnavailable) return out({ available: false, code: "forced_unavailable", reason: FORCED_REASON });

  if (requested !== null) {
    const here = locations.find((l) => l.value === requested);
    if (!here) {
      const reason =
        sold.length > 0
          ? `This product is not sold in '${requested}'; choose one of: ${sold.map((l) => l.value).join(", ")}`
          : `This product is not sold by location, so '${requested}' cannot be chosen`;
      return out({ available: false, code: "location_unavailable", reason });
    }
    return out({ available: here.available, code: here.code, reason: here.reason });
  }

  if (sold.length === 0) {
    if (product.kind === "generic") return out({ available: true, code: "available", reason: "Available; this product is not sold by location" });
    return out({ available: false, code: "no_location", reason: "This product is not sold in any location at the moment" });
  }
  const open = locations.filter((l) => l.code === "available");
  if (open.length > 0) {
    const must = product.locationRequired ? "; an order must name one of them as its location" : "";
    return out({ available: true, code: "available", reason: `Available in ${listNames(open)}${must}` });
  }
  if (locations.some((l) => l.code === "unknown")) {
    return out({ available: true, code: "unknown", reason: "Capacity could not be checked just now; orders are accepted" });
  }
  return out({ available: false, code: "sold_out", reason: `Sold out in every location: ${listNames(locations)}` });
}
