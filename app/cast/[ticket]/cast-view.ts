import type { ConsoleSessionInfo } from "@/lib/console/console-session-info";
// Fixed on merge of h/sessions: "@/lib/services/console/open-console-cast".
import type { CastOpening } from "./open-console-cast.pending";

/** What the cast page and its reopen action hand to the browser: plain JSON, no more than the viewer needs. */
export type CastView = {
  label: string;
  viewOnly: boolean;
  /** ISO instant the viewing window ends. */
  viewerExpiresAt: string;
  /** The session to dial now, or null while the machine has no display. */
  session: ConsoleSessionInfo | null;
};

const iso = (value: Date | string) => (typeof value === "string" ? value : value.toISOString());

/** An opened cast as the browser gets it: dates as ISO strings, only the session fields a viewer dials with. */
export function castView(opening: CastOpening): CastView {
  const session = opening.waiting ? null : opening.session;

  return {
    label: opening.label,
    viewOnly: opening.viewOnly,
    viewerExpiresAt: iso(opening.viewerExpiresAt),
    session: session && {
      kind: session.kind,
      sessionId: session.sessionId,
      token: session.token,
      wsPath: session.wsPath,
      origin: session.origin,
      viewerKind: session.viewerKind,
      rfbPassword: session.rfbPassword,
      expiresAt: iso(session.expiresAt),
    },
  };
}
