import type { ConsoleCast } from "@/lib/generated/prisma/client";

export type CastStatus = "pending" | "open" | "expired" | "revoked";

/**
 * A cast link's state, from its timestamps and the time (reseller API "States and transitions",
 * console cast link): revoked wins; before the first open it is pending until `openExpiresAt`;
 * after it, open until `viewerExpiresAt` (re-openable inside the window); expired otherwise.
 */
export function castStatus(cast: Pick<ConsoleCast, "revokedAt" | "firstOpenedAt" | "openExpiresAt" | "viewerExpiresAt">, now: Date): CastStatus {
  if (cast.revokedAt) return "revoked";
  if (!cast.firstOpenedAt) return now < cast.openExpiresAt ? "pending" : "expired";
  return cast.viewerExpiresAt && now < cast.viewerExpiresAt ? "open" : "expired";
}

/** A link that can still be opened or is being watched (the spec's "live links"). */
export function castIsLive(cast: Parameters<typeof castStatus>[0], now: Date): boolean {
  const status = castStatus(cast, now);
  return status === "pending" || status === "open";
}
