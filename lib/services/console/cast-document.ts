import type { ConsoleCast } from "@/lib/generated/prisma/client";
import { castStatus } from "./cast-state";
import type { ConsoleCastDocument } from "./console-documents";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A cast row as the API shows it; `url` and `ticket` only when it was just created. */
export function castDocument(cast: ConsoleCast, now: Date, secret: { url: string; ticket: string } | null = null): ConsoleCastDocument {
  return {
    id: cast.id,
    serviceId: cast.serviceId,
    url: secret?.url ?? null,
    ticket: secret?.ticket ?? null,
    label: cast.label,
    viewOnly: cast.viewOnly,
    status: castStatus(cast, now),
    openExpiresAt: cast.openExpiresAt.toISOString(),
    viewerTtlSeconds: cast.viewerTtlSeconds,
    viewerExpiresAt: iso(cast.viewerExpiresAt),
    firstOpenedAt: iso(cast.firstOpenedAt),
    lastOpenedAt: iso(cast.lastOpenedAt),
    openCount: cast.openCount,
    revokedAt: iso(cast.revokedAt),
    createdAt: cast.createdAt.toISOString(),
  };
}
