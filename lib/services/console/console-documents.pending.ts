// PLACEHOLDER until h/sessions merges: the types of lib/services/console/console-documents.ts this
// branch uses, as committed there. Delete on merge and drop ".pending" from the imports.
import type { ConsoleChannel } from "@/lib/console/console-types";

export interface ConsoleSessionDocument {
  kind: "vps" | "dedicated";
  sessionId: string;
  token: string;
  wsPath: string;
  origin: string;
  viewerKind: "novnc" | "kvm";
  channel: ConsoleChannel;
  viewOnly: boolean;
  rfbPassword: string | null;
  expiresAt: string;
}

export interface ConsoleCastDocument {
  id: string;
  serviceId: string;
  url: string | null;
  ticket: string | null;
  label: string;
  viewOnly: boolean;
  status: "pending" | "open" | "expired" | "revoked";
  openExpiresAt: string;
  viewerTtlSeconds: number;
  viewerExpiresAt: string | null;
  firstOpenedAt: string | null;
  lastOpenedAt: string | null;
  openCount: number;
  revokedAt: string | null;
  createdAt: string;
}

export interface ConsoleSessionAuditRow {
  id: string;
  role: string;
  channel: string;
  viewOnly: boolean;
  castId: string | null;
  createdAt: string;
  consumedAt: string | null;
  remoteAddress: string | null;
  closedAt: string | null;
  closeReason: string | null;
}
