"use server";

import { z } from "zod";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import type { CastView } from "./cast-view";
import { openCastForRequest } from "./open-cast";

const ticketSchema = z.string().min(1).max(256);

/**
 * Opens the cast again (no sign-in, like the page): while the machine has no display the viewer
 * calls this every few seconds, and a reconnect needs a new one-shot session. Each call is an open
 * of the link (counted and audited). `data` is null for a link that is unknown, expired, revoked or
 * whose service is terminated: the page then shows its one "not found" sentence.
 */
export async function reopenCast(ticket: string): Promise<ActionResult<CastView | null>> {
  return runAction(
    async () => {
      const parsed = ticketSchema.safeParse(ticket);

      return { data: parsed.success ? await openCastForRequest(parsed.data) : null };
    },
    { log: "[cast] reopening a console cast failed" },
  );
}
