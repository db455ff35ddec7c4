import type { ProductKind } from "@/lib/generated/prisma/client";

/** the reseller API spec "Service document" `kind` values (no plugin products exist yet). */
export type DocumentKind = "dedicated" | "vps" | "ip-transit" | "colocation" | "game" | "plugin" | "generic";

export function documentKindOf(kind: ProductKind): DocumentKind {
  return kind === "ip_transit" ? "ip-transit" : kind;
}
