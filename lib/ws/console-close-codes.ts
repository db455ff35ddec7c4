/**
 * How the console relay closes a viewer's websocket (docs/decisions.md#r18): the code tells the
 * viewer what happened, the reason is a sentence it can show. Codes 4000-4999 are the application's
 * own range (RFC 6455 §7.4.2).
 */
export const CONSOLE_CLOSE = {
  /** The domain said stop (service suspended or terminated, cast revoked, viewing window over); its sentence is the reason. */
  closedByService: 4000,
  /** The session's absolute limit (`closesAt`) was reached. */
  sessionEnded: 4001,
  /** No bytes either way for the idle limit. */
  idle: 4002,
  /** A view-only viewer sent bytes the filter cannot frame (lib/console/rfb/view-only-filter.ts). */
  viewerProtocol: 4003,
  /** The machine's console stream ended (the VM stopped or restarted, the BMC dropped it). */
  consoleClosed: 4004,
  /** Opening the machine's console did not finish in time. */
  consoleUnreachable: 4005,
  /** The machine has no display to show (stopped, or not booted far enough): the cast page shows the reason. */
  noDisplay: 4409,
} as const;

export const CONSOLE_CLOSE_REASON = {
  sessionEnded: "The console session has ended.",
  viewerProtocol: "The viewer sent something a view-only console does not accept.",
  consoleClosed: "The console closed.",
  consoleUnreachable: "The console did not answer. Try again in a moment.",
  noDisplay: "waiting for display",
} as const;

/** A close frame's reason holds at most 123 bytes of UTF-8; longer sentences are cut at a character boundary. */
export function closeReasonText(reason: string): string {
  if (Buffer.byteLength(reason) <= 123) return reason;
  let out = "";
  for (const ch of reason) {
    if (Buffer.byteLength(out + ch + "…") > 123) break;
    out += ch;
  }
  return out + "…";
}
