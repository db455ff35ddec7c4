import { backendContext, type BackendContext } from "@/lib/backends/context";
import type { Clock } from "@/lib/backends/clock";
import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import type { ConsoleChannel } from "@/lib/console/console-types";
import type { ConsoleDial, ConsumeConsoleSession, ServedConsole } from "@/lib/console/relay-port";
import { openSecret } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";
import { backendRefusal } from "../backend-refusal";
import { findServiceMachine } from "../find-service-machine";
import { CONSOLE_NO_DISPLAY } from "../service-rules";
import { hashConsoleSecret, RFB_PASSWORD_PURPOSE } from "./console-secret";

/** Why the relay closes a stream (recorded as the session's `closeReason`; the viewer shows it). */
export const CLOSE_REASONS = {
  terminated: "The service was terminated",
  suspended: "The service was suspended",
  revoked: "The console link was revoked",
  windowOver: "The viewing window has ended",
  sessionOver: "The console session has reached its time limit",
} as const;

/**
 * Serves one dial of a console websocket, or refuses it (null). The token is spent by ONE
 * conditional update (not consumed, not expired, token hash matching), so of any number of
 * parallel dials with one token exactly one is served. A dial that finds the service suspended or
 * terminated, or its cast revoked, is spent and refused.
 */
export async function consumeConsoleSession(ctx: BackendContext, dial: ConsoleDial): Promise<ServedConsole | null> {
  if (!isUuid(dial.sessionId) || typeof dial.token !== "string" || dial.token.length === 0 || dial.token.length > 200) return null;
  const now = dial.now;
  const { count } = await ctx.db.consoleSession.updateMany({
    where: { id: dial.sessionId, tokenHash: hashConsoleSecret(dial.token), consumedAt: null, expiresAt: { gt: now } },
    data: { consumedAt: now, remoteAddress: dial.remoteAddress },
  });
  if (count !== 1) return null;
  const session = await ctx.db.consoleSession.findUniqueOrThrow({ where: { id: dial.sessionId } });
  const served = servedConsole(ctx, { ...session, channel: session.channel as ConsoleChannel });
  const refused = await served.closeReason(now);
  if (refused) {
    await served.closed(refused, now);
    return null;
  }
  return served;
}

/** The relay's port (lib/console/relay-port.ts) over a database and a clock. */
export function consoleSessionConsumer(db: Db, clock?: Clock): ConsumeConsoleSession {
  const ctx = backendContext({ db, clock });
  return (dial) => consumeConsoleSession(ctx, dial);
}

interface SessionRow {
  id: string;
  serviceId: string;
  castId: string | null;
  channel: ConsoleChannel;
  viewOnly: boolean;
  rfbPasswordSealed: string | null;
  closesAt: Date;
}

function servedConsole(ctx: BackendContext, session: SessionRow): ServedConsole {
  const db = ctx.db;
  return {
    sessionId: session.id,
    serviceId: session.serviceId,
    channel: session.channel,
    viewOnly: session.viewOnly,
    closesAt: session.closesAt,

    async open() {
      const machine = await findServiceMachine(db, session.serviceId);
      if (!machine) throw new DomainError("conflict", CONSOLE_NO_DISPLAY);
      const input = { channel: session.channel, password: session.rfbPasswordSealed ? openSecret(session.rfbPasswordSealed, RFB_PASSWORD_PURPOSE) : null };
      try {
        if (machine.kind === "vps") return await (await hypervisorForVm(machine.vm.id, ctx)).openConsole(machine.vm.id, input);
        return await (await bmcForServer(machine.server.id, ctx)).openConsole(machine.server.id, input);
      } catch (error) {
        throw backendRefusal(error);
      }
    },

    async closeReason(now) {
      const service = await db.service.findUnique({ where: { id: session.serviceId }, select: { status: true } });
      if (!service || service.status === "terminated") return CLOSE_REASONS.terminated;
      if (service.status === "suspended") return CLOSE_REASONS.suspended;
      if (session.castId) {
        const cast = await db.consoleCast.findUnique({ where: { id: session.castId }, select: { revokedAt: true } });
        if (!cast || cast.revokedAt) return CLOSE_REASONS.revoked;
      }
      if (now >= session.closesAt) return session.castId ? CLOSE_REASONS.windowOver : CLOSE_REASONS.sessionOver;
      return null;
    },

    async closed(reason, now) {
      await db.consoleSession.updateMany({ where: { id: session.id, closedAt: null }, data: { closedAt: now, closeReason: reason } });
    },
  };
}
