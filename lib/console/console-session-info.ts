import type { ActionResult } from "@/lib/actions/action-result";

/**
 * A console session as the browser receives it (the spec's "Console session" document with dates as
 * ISO strings): the viewer dials `ws(s)://<origin's host><wsPath>?token=<token>` once; the token is
 * one-shot, so every reconnect asks for a new session. Types only: client components import it.
 */
export type ConsoleSessionInfo = {
  kind: "vps" | "dedicated";
  sessionId: string;
  token: string;
  wsPath: string;
  /** The supplier's origin (scheme://host[:port]); the websocket lives there. */
  origin: string;
  viewerKind: "novnc" | "kvm" | "html5";
  /** The VNC password the console demands (RFB security type 2), or null for none. */
  rfbPassword: string | null;
  /** The last moment the token can be dialled. */
  expiresAt: string;
};

/** What a viewer calls for a fresh session (a server action): on mount, on Connect and on Reconnect. */
export type OpenConsoleSession = () => Promise<ActionResult<ConsoleSessionInfo>>;
