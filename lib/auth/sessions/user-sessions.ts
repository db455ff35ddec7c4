import type { Db, DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";
import { recordSignOut, SESSION_MAX_AGE_SECONDS } from "../session-token";

/** A session's "last active" moves at most this often: one write per session per interval, not per request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;
const MAX_AGE_MS = SESSION_MAX_AGE_SECONDS * 1000;

export type SessionStart = { sid: string; userId: string; sessionVersion: number; userAgent: string | null; ip: string | null; now: Date };

/** Records a sign-in for the Security page's list. A repeat of the same session id changes nothing. */
export async function recordSessionStart(db: DbOrTx, s: SessionStart): Promise<void> {
  await db.userSession.createMany({
    data: [{ id: s.sid, userId: s.userId, sessionVersion: s.sessionVersion, userAgent: s.userAgent?.slice(0, 300) ?? null, ip: s.ip, createdAt: s.now, lastSeenAt: s.now }],
    skipDuplicates: true,
  });
}

// Per process: when each session was last written, so most requests write nothing.
const lastTouched = new Map<string, number>();

/**
 * Moves the session's "last active" forward when it is older than the touch interval. A session
 * begun before sessions were recorded gets its row here, on its first use.
 */
export async function touchSession(db: DbOrTx, input: { sid: string; userId: string; sessionVersion: number; now: Date }): Promise<void> {
  const at = input.now.getTime();
  const last = lastTouched.get(input.sid);
  if (last !== undefined && at - last < SESSION_TOUCH_INTERVAL_MS) return;
  if (lastTouched.size > 50_000) lastTouched.clear();
  lastTouched.set(input.sid, at);
  if (last === undefined) await recordSessionStart(db, { sid: input.sid, userId: input.userId, sessionVersion: input.sessionVersion, userAgent: null, ip: null, now: input.now });
  await db.userSession.updateMany({ where: { id: input.sid, lastSeenAt: { lt: new Date(at - SESSION_TOUCH_INTERVAL_MS) } }, data: { lastSeenAt: input.now } });
}

export type ListedSession = { id: string; current: boolean; userAgent: string | null; ip: string | null; createdAt: Date; lastSeenAt: Date };
type SessionActor = { userId: string; sessionId: string | null };

/**
 * The user's sessions that can still be used: not signed out, begun under the user's current
 * sessionVersion (a password change or "sign out everywhere" ends the others) and used within the
 * session lifetime. This one first, then the most recently active.
 */
export async function listUserSessions(ctx: { db: DbOrTx; now: Date; actor: SessionActor }): Promise<ListedSession[]> {
  const { db, now, actor } = ctx;
  const user = await db.user.findUnique({ where: { id: actor.userId }, select: { sessionVersion: true } });
  if (!user) return [];
  const rows = await db.userSession.findMany({
    where: {
      userId: actor.userId,
      sessionVersion: user.sessionVersion,
      signedOutAt: null,
      lastSeenAt: { gt: new Date(now.getTime() - MAX_AGE_MS) },
    },
    orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }],
    take: 50,
    select: { id: true, userAgent: true, ip: true, createdAt: true, lastSeenAt: true },
  });
  const signedOut = new Set((await db.signedOutSession.findMany({ where: { id: { in: rows.map((r) => r.id) } }, select: { id: true } })).map((r) => r.id));
  return rows
    .filter((r) => !signedOut.has(r.id))
    .map((r) => ({ ...r, current: r.id === actor.sessionId }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

async function endSessions(db: Db, userId: string, ids: string[], now: Date): Promise<number> {
  if (!ids.length) return 0;
  await db.$transaction(async (tx) => {
    for (const id of ids) await recordSignOut({ uid: userId, sid: id }, { db: tx, now });
    await tx.userSession.updateMany({ where: { id: { in: ids }, userId }, data: { signedOutAt: now } });
  });
  return ids.length;
}

/** Signs one other session of the user out for good (its cookie stops working on its next use). Not this one: that is "Sign out". */
export async function signOutSession(ctx: { db: Db; now: Date; actor: SessionActor }, input: { sessionId: string }): Promise<void> {
  const { db, now, actor } = ctx;
  if (input.sessionId === actor.sessionId) throw new DomainError("conflict", "That is this session: use Sign out in the menu.");
  const row = isUuid(input.sessionId) ? await db.userSession.findFirst({ where: { id: input.sessionId, userId: actor.userId, signedOutAt: null }, select: { id: true } }) : null;
  if (!row) throw new DomainError("not_found", "That session has already ended.");
  await endSessions(db, actor.userId, [row.id], now);
}

/** Signs out every session of the user but this one; answers how many were ended. */
export async function signOutOtherSessions(ctx: { db: Db; now: Date; actor: SessionActor }): Promise<number> {
  const others = (await listUserSessions(ctx)).filter((s) => !s.current).map((s) => s.id);
  return endSessions(ctx.db, ctx.actor.userId, others, ctx.now);
}

/** Forgets sessions nobody can use any more (past the session lifetime); answers how many. */
export async function deleteStaleUserSessions(db: DbOrTx, now: Date): Promise<number> {
  const { count } = await db.userSession.deleteMany({ where: { lastSeenAt: { lt: new Date(now.getTime() - MAX_AGE_MS) } } });
  return count;
}
