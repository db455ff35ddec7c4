import type { ConsoleSessionInfo } from "./console-session-info";

/**
 * What a browser viewer needs to know about its console websocket, kept free of the DOM so it is
 * tested on its own: where to dial, and what a close means to the person watching.
 */

/** `ws(s)://<origin's host><wsPath>?token=<token>`: wss when the supplier's origin is https. */
export function consoleSocketUrl(session: Pick<ConsoleSessionInfo, "origin" | "wsPath" | "token">): string {
  const origin = new URL(session.origin);
  const url = new URL(session.wsPath, origin);
  url.protocol = origin.protocol === "https:" ? "wss:" : "ws:";
  url.search = "";
  url.searchParams.set("token", session.token);

  return url.toString();
}

/** The relay's close code when the machine has no display to show (a stopped VM, a VM still off). */
export const CLOSE_WAITING_FOR_DISPLAY = 4409;

export const WAITING_FOR_DISPLAY = "Waiting for display";
export const SESSION_EXPIRED = "Session expired";

/**
 * How a viewer ended: `waiting` (no display yet: try again in a few seconds), `expired` (the
 * session's time is up: a new one needs a click), or `disconnected` with the sentence to show.
 */
export type ConsoleEnd = { state: "waiting" | "expired" | "disconnected"; message: string };

/**
 * A websocket close as a viewer shows it. `opened`: whether the socket ever opened; a dial refused
 * before the upgrade (a used or expired token, a foreign origin) reaches the browser as a bare 1006.
 */
export function describeConsoleClose(close: { code: number; reason: string; opened: boolean }): ConsoleEnd {
  const reason = close.reason.trim();
  if (close.code === CLOSE_WAITING_FOR_DISPLAY) return { state: "waiting", message: WAITING_FOR_DISPLAY };
  if (/expired|window (has )?(ended|closed)|time limit/i.test(reason)) return { state: "expired", message: SESSION_EXPIRED };
  if (!close.opened) return { state: "disconnected", message: "Disconnected: the console refused the connection (the link may be used up or expired)." };
  if (reason) return { state: "disconnected", message: `Disconnected: ${withFullStop(reason)}` };
  if (close.code === 1001) return { state: "disconnected", message: "Disconnected: the server is restarting." };
  if (close.code === 1000) return { state: "disconnected", message: "Disconnected." };
  if (close.code === 1006) return { state: "disconnected", message: "Disconnected: the connection was lost." };

  return { state: "disconnected", message: `Disconnected (code ${close.code}).` };
}

function withFullStop(text: string): string {
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(sentence) ? sentence : `${sentence}.`;
}
