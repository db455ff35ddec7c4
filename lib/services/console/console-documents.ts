import type { ConsoleChannel } from "@/lib/console/console-types";
import type { CastStatus } from "./cast-state";

/** The spec's Console session (`POST .../console-session`; the base of `GET .../console`). */
export interface ConsoleSessionDocument {
  kind: "vps" | "dedicated";
  sessionId: string;
  /** One-shot: the websocket's `?token=`; shown once. */
  token: string;
  /** `/api/console/ws/<sessionId>` on `origin`. */
  wsPath: string;
  origin: string;
  viewerKind: "novnc" | "kvm";
  channel: ConsoleChannel;
  viewOnly: boolean;
  /** The VNC password the console demands (the viewer answers its challenge with it). */
  rfbPassword: string | null;
  /** Dial before this. */
  expiresAt: string;
}

/** `GET /services/{id}/console` for a native VPS. */
export interface VpsConsoleDocument extends ConsoleSessionDocument {
  kind: "vps";
  type: "novnc";
  /** Always `browser`: the session is for a browser viewer (noVNC) dialling the relay (docs/decisions.md#r17). */
  mode: "browser";
  /** `wss://` or `ws://` (as `origin`) + `wsPath` + `?token=`. */
  websocketUrl: string;
}

/**
 * `GET /services/{id}/console` for a dedicated server. `available: false` (the controller has no
 * console for the server now) answers 200 with `reason` and no session (docs/decisions.md#r17).
 */
export type DedicatedConsoleDocument =
  | (ConsoleSessionDocument & { kind: "dedicated"; type: "kvm"; available: true; launch_endpoint: string; agent_online: true; websocketUrl: string })
  | {
      kind: "dedicated";
      type: "kvm";
      available: false;
      launch_endpoint: null;
      agent_online: boolean;
      reason: string;
      viewerKind: "kvm";
      origin: string;
    };

export type ConsoleDocument = VpsConsoleDocument | DedicatedConsoleDocument;

/** The spec's Console cast link. `url` and `ticket` only in the answer that created it. */
export interface ConsoleCastDocument {
  id: string;
  serviceId: string;
  url: string | null;
  ticket: string | null;
  label: string;
  viewOnly: boolean;
  status: CastStatus;
  openExpiresAt: string;
  viewerTtlSeconds: number;
  viewerExpiresAt: string | null;
  firstOpenedAt: string | null;
  lastOpenedAt: string | null;
  openCount: number;
  revokedAt: string | null;
  createdAt: string;
}

/** One row of a service's console audit (reseller portal). */
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

/** What `/cast/<ticket>` shows when the link opens. `session` null = no display now (`waiting`). */
export interface OpenedConsoleCast {
  castId: string;
  label: string;
  viewOnly: boolean;
  viewerExpiresAt: string;
  waiting: boolean;
  session: ConsoleSessionDocument | null;
}
