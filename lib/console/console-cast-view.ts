import type { ConsoleCastLink, ConsoleSessionRow } from "@/lib/services/console/console-cast-link.pending";

// The console-cast links and the console sessions of a service as the reseller portal's card shows
// them: plain JSON (dates as ISO 8601), and never the link's URL or ticket, which exist only in the
// answer to the link's creation.

export interface ConsoleCastView {
  id: string;
  label: string;
  viewOnly: boolean;
  status: ConsoleCastLink["status"];
  openCount: number;
  openExpiresAt: string;
  viewerTtlSeconds: number;
  viewerExpiresAt: string | null;
  firstOpenedAt: string | null;
  lastOpenedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export interface ConsoleActivityView {
  id: string;
  role: ConsoleSessionRow["role"];
  channel: ConsoleSessionRow["channel"];
  /** When the viewer dialled in; null for a session asked for and never dialled. */
  openedAt: string | null;
  createdAt: string;
  remoteAddress: string | null;
  closedAt: string | null;
  closeReason: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

export function toConsoleCastView(cast: ConsoleCastLink): ConsoleCastView {
  return {
    id: cast.id,
    label: cast.label,
    viewOnly: cast.viewOnly,
    status: cast.status,
    openCount: cast.openCount,
    openExpiresAt: iso(cast.openExpiresAt),
    viewerTtlSeconds: cast.viewerTtlSeconds,
    viewerExpiresAt: isoOrNull(cast.viewerExpiresAt),
    firstOpenedAt: isoOrNull(cast.firstOpenedAt),
    lastOpenedAt: isoOrNull(cast.lastOpenedAt),
    revokedAt: isoOrNull(cast.revokedAt),
    createdAt: iso(cast.createdAt),
  };
}

export function toConsoleActivityView(row: ConsoleSessionRow): ConsoleActivityView {
  return {
    id: row.id,
    role: row.role,
    channel: row.channel,
    openedAt: isoOrNull(row.consumedAt),
    createdAt: iso(row.createdAt),
    remoteAddress: row.remoteAddress,
    closedAt: isoOrNull(row.closedAt),
    closeReason: row.closeReason,
  };
}
