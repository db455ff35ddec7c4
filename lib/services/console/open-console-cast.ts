import type { BackendContext } from "@/lib/backends/context";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { castStatus } from "./cast-state";
import { consoleAvailability } from "./console-availability";
import type { OpenedConsoleCast } from "./console-documents";
import { hashConsoleSecret } from "./console-secret";
import { mintConsoleSession } from "./mint-console-session";

/** What opening a cast link runs against: the backends (for the display check) and the instant. No actor: the ticket is the credential. */
export interface CastOpenContext extends BackendContext {
  now: Date;
}

const TICKET = /^[A-Za-z0-9_-]{43}$/;

/**
 * Opens a cast link (`/cast/<ticket>`, no sign-in). Null for a ticket that is unknown, expired or
 * revoked, or whose service is terminated: the caller shows one 404 page with CAST_NOT_FOUND
 * (lib/services/service-rules.ts; DECISIONS 13). Otherwise, in one transaction guarded by a
 * conditional update: the first open starts the viewing window (`viewerExpiresAt`), every open sets
 * `lastOpenedAt`, and, when the machine shows a display now, mints a fresh console session (role
 * `cast`, the cast's view-only flag, ending with the window) and counts it in `openCount`. Without a
 * display (VM off, service suspended, console switched off) the answer is `waiting: true` with no
 * session; the page opens the link again to retry (docs/decisions.md#r17).
 */
export async function openConsoleCast(ctx: CastOpenContext, input: { ticket: string; remoteAddress?: string | null }): Promise<OpenedConsoleCast | null> {
  if (typeof input.ticket !== "string" || !TICKET.test(input.ticket)) return null;
  const now = ctx.now;
  const cast = await ctx.db.consoleCast.findUnique({ where: { ticketHash: hashConsoleSecret(input.ticket) }, include: { service: { include: { product: true } } } });
  if (!cast || cast.service.status === "terminated") return null;
  const status = castStatus(cast, now);
  if (status !== "pending" && status !== "open") return null;

  let backend: "vps" | "dedicated" | null = null;
  try {
    const availability = await consoleAvailability(ctx, cast.service);
    if (availability.available) backend = availability.backend;
  } catch (error) {
    // A refusal (suspended, switched off, no controller, provider unreachable) means no display now.
    if (!(error instanceof DomainError)) throw error;
  }
  const counted = backend ? { openCount: { increment: 1 } } : {};

  return inTransaction(ctx.db, async (tx) => {
    const viewerExpiresAt = new Date(now.getTime() + cast.viewerTtlSeconds * 1000);
    const first = await tx.consoleCast.updateMany({
      where: { id: cast.id, revokedAt: null, firstOpenedAt: null, openExpiresAt: { gt: now } },
      data: { firstOpenedAt: now, viewerExpiresAt, lastOpenedAt: now, ...counted },
    });
    if (first.count === 0) {
      const again = await tx.consoleCast.updateMany({
        where: { id: cast.id, revokedAt: null, firstOpenedAt: { not: null }, viewerExpiresAt: { gt: now } },
        data: { lastOpenedAt: now, ...counted },
      });
      // Revoked or expired between the read and now.
      if (again.count === 0) return null;
    }
    const current = await tx.consoleCast.findUniqueOrThrow({ where: { id: cast.id } });
    const windowEnd = current.viewerExpiresAt!;
    const session = backend
      ? await mintConsoleSession(tx, {
          serviceId: cast.serviceId,
          backend,
          channel: "rfb",
          role: "cast",
          viewOnly: cast.viewOnly,
          accountId: cast.service.accountId,
          resellerId: cast.resellerId,
          castId: cast.id,
          now,
          closesAt: windowEnd,
        })
      : null;
    if (session && input.remoteAddress !== undefined) {
      // The page's address, until the relay records the dialler's own at consumption.
      await tx.consoleSession.update({ where: { id: session.sessionId }, data: { remoteAddress: input.remoteAddress } });
    }
    return { castId: cast.id, label: cast.label, viewOnly: cast.viewOnly, viewerExpiresAt: windowEnd.toISOString(), waiting: session === null, session };
  });
}
