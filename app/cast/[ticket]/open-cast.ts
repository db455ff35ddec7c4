import { headers } from "next/headers";
import { clientIpFromTrustedHeader } from "@/lib/api/client-ip";
import { backendContext } from "@/lib/backends/context";
import { getDb } from "@/lib/db/client";
import { openConsoleCast } from "@/lib/services/console/open-console-cast";
import { castView, type CastView } from "./cast-view";

/**
 * Opens the cast behind `ticket` for the browser asking now (each open with a display mints a fresh
 * one-shot console session, audited with the browser's address), or null for the one 404.
 */
export async function openCastForRequest(ticket: string): Promise<CastView | null> {
  const remoteAddress = clientIpFromTrustedHeader(await headers());
  const opening = await openConsoleCast({ ...backendContext({ db: getDb() }), now: new Date() }, { ticket, remoteAddress });

  return opening ? castView(opening) : null;
}
