import type { ProductKind } from "@/lib/generated/prisma/client";

// Which product kinds can be sold (issue 12, bug 5). A paid service has to be delivered by
// something: a product whose kind nothing delivers would be ordered, paid and left `pending`
// for ever. So a kind is orderable only while a backend is registered for it here.
//
// - `vps` and `dedicated`: built by the `service/provision` function on hypervisor and BMC nodes
//   (lib/services/provisioning, lib/backends).
// - `game`: built by the same `service/provision` function on game nodes (lib/game).
// - `generic`: nothing to build (a licence, a support plan); it is sold without a backend.
// - `ip_transit`, `colocation`: no backend yet, so not orderable. The catalogue shows them
//   `plan_disabled` with `productKindNotOrderableReason` (planDisabledReason), and an order of one
//   is refused 409 `PRODUCT_UNAVAILABLE` with that sentence before anything is written
//   (validateOrderItems, through the same availability answer).
//
// A backend makes its kind orderable by registering itself, e.g. a transit module calling
// `registerProductKindBackend("ip_transit", "routers")`, from a module every process loads (as
// lib/backends/registry.ts registers drivers). Nothing else changes: availability, both APIs'
// orders, the panel and the reseller portal all read this.

/** How the kind is named in sentences ("IP transit products cannot be ordered yet…"). */
export const PRODUCT_KIND_NOUN: Record<ProductKind, string> = {
  vps: "VPS",
  dedicated: "Dedicated server",
  game: "Game server",
  ip_transit: "IP transit",
  colocation: "Colocation",
  generic: "Other",
};

/** Kind → what delivers it (for people reading the code and the logs; never shown to clients). */
const backends = new Map<ProductKind, string>([
  ["vps", "native VPS build (service/provision on hypervisor nodes)"],
  ["dedicated", "native dedicated-server build (service/provision on BMC controllers)"],
  ["game", "game server build (service/provision on game nodes)"],
  ["generic", "nothing to build"],
]);

/**
 * Makes `kind` orderable: `backend` names what builds its services. Returns the undo (tests, and a
 * backend that is switched off again); registering a kind twice replaces the name.
 */
export function registerProductKindBackend(kind: ProductKind, backend: string): () => void {
  const before = backends.get(kind);
  backends.set(kind, backend);
  return () => {
    if (before === undefined) backends.delete(kind);
    else backends.set(kind, before);
  };
}

/** Whether something builds products of this kind once they are paid. */
export function productKindHasBackend(kind: ProductKind): boolean {
  return backends.has(kind);
}

/** Why a product of this kind cannot be ordered at all (no backend builds it), else null. */
export function productKindNotOrderableReason(kind: ProductKind): string | null {
  return productKindHasBackend(kind) ? null : `${PRODUCT_KIND_NOUN[kind]} products cannot be ordered yet: no backend builds them`;
}
