import { headers } from "next/headers";
import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import type { ConsoleSessionInfo } from "@/lib/console/console-session-info";
// Fixed on merge of h/sessions: "@/lib/services/console/open-console-cast".
import { openConsoleCast, type CastOpening } from "./open-console-cast.pending";

/** What the cast page and its reopen action hand to the browser: plain JSON, no more than the viewer needs. */
export type CastView = {
  label: string;
  viewOnly: boolean;
  /** ISO instant the viewing window ends. */
  viewerExpiresAt: string;
  session: ConsoleSessionInfo | null;
};

/** Tickets are URL-safe random strings; anything else is not worth a database round trip. */
const TICKET_SHAPE = /^[A-Za-z0-9._~-]{1,256}$/;

/**
 * Opens the cast behind `ticket` for the browser asking now (each open mints a fresh one-shot
 * console session and is audited with the browser's address), or null for the one 404.
 */
export async function openCastForRequest(ticket: string): Promise<CastView | null> {
  if (!TICKET_SHAPE.test(ticket)) return null;
  const remoteAddress = clientIpFromTrustedHeader(await headers());
  const opening = await openConsoleCast(getDb(), { ticket, now: new Date(), remoteAddress });

  return opening ? castView(opening) : null;
}

const iso = (value: Date | string) => (typeof value === "string" ? value : value.toISOString());

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
