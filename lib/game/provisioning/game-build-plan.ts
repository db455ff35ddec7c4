import { BackendError } from "@/lib/backends/backend-error";
import type { DbOrTx } from "@/lib/db/client";
import { builtInTemplates } from "@/game-node/templates/built-in-templates";
import { gameSizeFromSpecs } from "@/lib/backends/capacity/sizes";
import type { GameServerSize } from "../place-game-server";

/** What a game service is built from: the product's template, size and default variables. */
export interface GameBuildPlan {
  serviceId: string;
  locationIds: string[];
  template: string;
  vars: Record<string, string>;
  size: GameServerSize;
}

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * Reads a game product's build inputs from its specs (docs/game-servers.md#products): `template` (a
 * template id every node ships), `memoryMb`, `diskGb` and optional `templateVars`. Anything unusable
 * is a `configuration` failure: the catalogue needs fixing, not a retry.
 */
export async function loadGameBuildPlan(db: DbOrTx, serviceId: string): Promise<GameBuildPlan> {
  const service = await db.service.findUniqueOrThrow({ where: { id: serviceId }, include: { product: true, orderItem: true } });
  const specs = asRecord(service.product.specs);
  const template = typeof specs.template === "string" ? specs.template : null;
  if (!template || !builtInTemplates().some((t) => t.id === template)) {
    throw new BackendError("configuration", `Product ${service.product.slug} names no game template nodes ship (specs.template: ${String(specs.template)})`);
  }
  const size = gameSizeFromSpecs(specs);
  if (!size) throw new BackendError("configuration", `Product ${service.product.slug} has no memoryMb and diskGb in its specs`);
  const vars = Object.fromEntries(Object.entries(asRecord(specs.templateVars)).map(([k, v]) => [k, String(v)]));
  const ordered = service.locationId ?? service.orderItem?.locationId ?? null;
  const locationIds = ordered
    ? [ordered]
    : (
        await db.productLocation.findMany({
          where: { productId: service.productId, enabled: true, location: { enabled: true } },
          orderBy: [{ location: { sortOrder: "asc" } }, { location: { name: "asc" } }],
          select: { locationId: true },
        })
      ).map((l) => l.locationId);
  if (locationIds.length === 0) throw new BackendError("configuration", "The service has no location to be built in");
  return { serviceId, locationIds, template, vars, size };
}
