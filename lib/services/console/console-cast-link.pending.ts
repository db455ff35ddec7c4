// PLACEHOLDER until h/sessions merges: the shapes this branch expects from lib/services/console
// (the spec's "Console cast link" and the console session audit rows). Delete on merge and point the
// imports at the real modules.

export type ConsoleRole = "customer" | "reseller" | "cast";

/** The spec's "Console cast link"; `url` and `ticket` only in the answer to its creation. */
export interface ConsoleCastLink {
  id: string;
  serviceId: string;
  url: string | null;
  ticket?: string;
  label: string;
  viewOnly: boolean;
  status: "pending" | "open" | "expired" | "revoked";
  openExpiresAt: Date;
  viewerTtlSeconds: number;
  viewerExpiresAt: Date | null;
  firstOpenedAt: Date | null;
  lastOpenedAt: Date | null;
  openCount: number;
  revokedAt: Date | null;
  createdAt: Date;
}

/** One console session of a service, for the audit list. */
export interface ConsoleSessionRow {
  id: string;
  role: ConsoleRole;
  channel: "rfb" | "serial";
  castId: string | null;
  remoteAddress: string | null;
  createdAt: Date;
  consumedAt: Date | null;
  closedAt: Date | null;
  closeReason: string | null;
}

/** The console session document (the spec's "Console session"). */
export interface ConsoleSessionDocument {
  kind: "vps" | "dedicated";
  sessionId: string;
  token: string;
  wsPath: string;
  origin: string;
  viewerKind: "novnc" | "kvm" | "html5";
  rfbPassword: string | null;
  expiresAt: Date;
}
