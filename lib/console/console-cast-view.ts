import type { ConsoleCastDocument, ConsoleSessionAuditRow } from "@/lib/services/console/console-documents";

// The console-cast links and the console sessions of a service as the reseller portal's card shows
// them: never the link's URL or ticket (they exist only in the answer to the link's creation), and
// the audit row's role and channel narrowed to what the card names.

export type ConsoleCastView = Omit<ConsoleCastDocument, "url" | "ticket" | "serviceId">;

export interface ConsoleActivityView {
  id: string;
  /** `customer` (panel), `reseller` (portal or API) or `cast` (a console link was opened). */
  role: "customer" | "reseller" | "cast";
  channel: "rfb" | "serial";
  viewOnly: boolean;
  /** When the viewer dialled in; null for a session asked for and never dialled. */
  openedAt: string | null;
  createdAt: string;
  remoteAddress: string | null;
  closedAt: string | null;
  closeReason: string | null;
}

export function toConsoleCastView(cast: ConsoleCastDocument): ConsoleCastView {
  const { url: _url, ticket: _ticket, serviceId: _serviceId, ...view } = cast;
  return view;
}

const ROLES = new Set(["customer", "reseller", "cast"]);

export function toConsoleActivityView(row: ConsoleSessionAuditRow): ConsoleActivityView {
  return {
    id: row.id,
    // The column is free text; anything unexpected is shown as the reseller's own (the API's) session.
    role: ROLES.has(row.role) ? (row.role as ConsoleActivityView["role"]) : "reseller",
    channel: row.channel === "serial" ? "serial" : "rfb",
    viewOnly: row.viewOnly,
    openedAt: row.consumedAt,
    createdAt: row.createdAt,
    remoteAddress: row.remoteAddress,
    closedAt: row.closedAt,
    closeReason: row.closeReason,
  };
}
