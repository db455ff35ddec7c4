import { headers } from "next/headers";
import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { castView, type CastView } from "./cast-view";
// Fixed on merge of h/sessions: "@/lib/services/console/open-console-cast".
import { openConsoleCast } from "./open-console-cast.pending";

export type { CastView };

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
