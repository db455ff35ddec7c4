import type { ConsoleSessionInfo } from "@/lib/console/console-session-info";
import type { ConsoleSessionDocument } from "@/lib/services/console/console-documents";

/** The console session document as the browser viewers take it: the fields they dial with, nothing else. */
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
