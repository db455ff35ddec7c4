import type { ConsoleSessionInfo } from "./console-session-info.pending";
import type { ConsoleSessionDocument } from "@/lib/services/console/console-cast-link.pending";

/** The console session document as it crosses to the browser: the same fields, the date as ISO 8601. */
export function toConsoleSessionInfo(doc: ConsoleSessionDocument): ConsoleSessionInfo {
  return {
    kind: doc.kind,
    sessionId: doc.sessionId,
    token: doc.token,
    wsPath: doc.wsPath,
    origin: doc.origin,
    viewerKind: doc.viewerKind,
    rfbPassword: doc.rfbPassword,
    expiresAt: new Date(doc.expiresAt).toISOString(),
  };
}
