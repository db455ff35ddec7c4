import type { ConsoleSessionInfo } from "@/lib/console/console-session-info";
import type { OpenedConsoleCast } from "@/lib/services/console/console-documents";

/** What the cast page and its reopen action hand to the browser: plain JSON, no more than the viewer needs. */
export type CastView = {
  label: string;
  viewOnly: boolean;
  /** ISO instant the viewing window ends. */
  viewerExpiresAt: string;
  /** The session to dial now, or null while the machine has no display. */
  session: ConsoleSessionInfo | null;
};

/** An opened cast as the browser gets it: only the session fields a viewer dials with (no cast id). */
export function castView(opening: OpenedConsoleCast): CastView {
  const session = opening.waiting ? null : opening.session;

  return {
    label: opening.label,
    viewOnly: opening.viewOnly,
    viewerExpiresAt: opening.viewerExpiresAt,
    session: session && {
      kind: session.kind,
      sessionId: session.sessionId,
      token: session.token,
      wsPath: session.wsPath,
      origin: session.origin,
      viewerKind: session.viewerKind,
      rfbPassword: session.rfbPassword,
      expiresAt: session.expiresAt,
    },
  };
}
