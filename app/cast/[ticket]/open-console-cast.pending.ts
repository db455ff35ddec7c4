// PLACEHOLDER until branch h/sessions merges: lib/services/console/open-console-cast.ts exports the
// real openConsoleCast and CAST_NOT_FOUND. On merge, delete this file and point the one import in
// ./open-cast.ts at "@/lib/services/console/open-console-cast".
import type { Db } from "@/lib/db/client";

/** The sentence of the one 404 page for an unknown, expired, revoked or terminated link. */
export const CAST_NOT_FOUND = "This console link does not exist or has expired";

/** A console session document as the domain returns it (expiresAt may be a Date or an ISO string). */
export type CastConsoleSession = {
  kind: "vps" | "dedicated";
  sessionId: string;
  token: string;
  wsPath: string;
  origin: string;
  viewerKind: "novnc" | "kvm" | "html5";
  rfbPassword: string | null;
  expiresAt: Date | string;
};

/** What opening a cast answers (the shape agreed with the sessions helper). */
export type CastOpening = {
  label: string;
  viewOnly: boolean;
  viewerExpiresAt: Date | string;
  /** A fresh console session, or null while the machine has no display (then `waiting`). */
  session: CastConsoleSession | null;
  waiting: boolean;
};

export async function openConsoleCast(db: Db, input: { ticket: string; now: Date; remoteAddress: string | null }): Promise<CastOpening | null> {
  void db;
  void input;
  throw new Error("openConsoleCast comes with branch h/sessions (lib/services/console/open-console-cast.ts)");
}
