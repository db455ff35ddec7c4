import { capacityByLocation, type LocationCapacity } from "@/lib/backends/capacity/capacity-by-location";
import type { DbOrTx } from "@/lib/db/client";
import type { ProductKind } from "@/lib/generated/prisma/client";
import type { PlatformSwitches } from "@/lib/platform/platform-switches";
import { RELEASED_SERVICE_STATUSES } from "@/lib/pricing";
import { capacitySource, heldKey, type CapacitySnapshot } from "./compute-availability";

/** The operator module a product kind depends on, and its label in sentences. */
const KIND_MODULE: Partial<Record<ProductKind, { column: keyof PlatformSwitches; label: string }>> = {
  vps: { column: "nativeVpsEnabled", label: "native VPS" },
  dedicated: { column: "dedicatedEnabled", label: "dedicated server" },
  game: { column: "gameEnabled", label: "game server" },
};

/** The label of the switched-off module the kind depends on, else null. */
export function moduleOffFor(kind: ProductKind, switches: PlatformSwitches): string | null {
  const switched = KIND_MODULE[kind];
  return switched && switches[switched.column] === false ? switched.label : null;
}

/**
 * What availability needs to know about capacity for these products, read once: the backends'
 * free units and stock per location (only when some product has a backend; a failure to read
 * them is recorded as null, so those products answer `unknown` instead of failing the request),
 * and units held per product and location for kinds sold from configured capacity.
 */
export async function loadCapacitySnapshot(
  db: DbOrTx,
  products: readonly { id: string; kind: ProductKind }[],
): Promise<CapacitySnapshot> {
  const configured = products.filter((p) => capacitySource(p.kind) === "configured").map((p) => p.id);
  const needsBackends = products.some((p) => capacitySource(p.kind) !== "configured");

  let byLocation: Map<string, LocationCapacity> | null = new Map();
  if (needsBackends) {
    try {
      byLocation = new Map((await capacityByLocation(db)).map((c) => [c.locationId, c]));
    } catch (error) {
      console.error("catalogue: capacity could not be read", error);
      byLocation = null;
    }
  }

  const held = new Map<string, number>();
  if (configured.length > 0) {
    const rows = await db.service.groupBy({
      by: ["productId", "locationId"],
      where: { productId: { in: configured }, locationId: { not: null }, status: { notIn: RELEASED_SERVICE_STATUSES } },
      _count: { _all: true },
    });
    for (const row of rows) if (row.locationId) held.set(heldKey(row.productId, row.locationId), row._count._all);
  }
  return { byLocation, held };
}
