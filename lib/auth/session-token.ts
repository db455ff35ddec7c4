import { randomUUID } from "node:crypto";
import { isUuid } from "@/lib/schemas/uuid";
import type { DbOrTx } from "@/lib/db/client";

/** The claims Rackfront keeps in the next-auth JWT next to name and email. */
export type SessionClaims = { uid?: unknown; sv?: unknown; sid?: unknown; exp?: unknown; name?: string | null; email?: string | null };

/** How long a portal session lives without use; also how long a sign-out must be remembered. */
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

/** The claims of a session that starts now: who, which sessionVersion, and a fresh session id. */
export function newSessionClaims(user: { id: string; sessionVersion: number }): { uid: string; sv: number; sid: string } {
  return { uid: user.id, sv: user.sessionVersion, sid: randomUUID() };
}

/**
 * Re-checks a session JWT against the database on every use: the user must still exist, its
 * sessionVersion must equal the one signed into the token, and this session must not have been
 * signed out. Null ends the session. One query: the sign-out record comes with the user.
 */
export async function refreshSessionToken<T extends SessionClaims>(token: T, options: { db: DbOrTx }): Promise<T | null> {
  if (typeof token.uid !== "string" || typeof token.sv !== "number" || !isSid(token.sid)) return null;
  const { db } = options;
  const user = await db.user.findUnique({
    where: { id: token.uid },
    select: { name: true, email: true, sessionVersion: true, signedOutSessions: { where: { id: token.sid }, select: { id: true } } },
  });
  if (!user || user.sessionVersion !== token.sv || user.signedOutSessions.length > 0) return null;

  return { ...token, name: user.name, email: user.email };
}

/**
 * Ends one session for good. Clearing the cookie is not enough: a request that was already in
 * flight with the old cookie can set a fresh copy after the sign-out response.
 */
export async function recordSignOut(token: SessionClaims, options: { db: DbOrTx; now?: Date }): Promise<void> {
  if (typeof token.uid !== "string" || !isSid(token.sid)) return;
  const { db } = options;
  const now = options.now ?? new Date();
  // A copy of the cookie re-issued after now lives at most one more max-age.
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await db.signedOutSession.upsert({
    where: { id: token.sid },
    create: { id: token.sid, userId: token.uid, signedOutAt: now, expiresAt },
    update: {},
  });
  // The Security page's list drops it too (lib/auth/sessions/user-sessions.ts).
  await db.userSession.updateMany({ where: { id: token.sid, signedOutAt: null }, data: { signedOutAt: now } });
}

/** Sign-out records whose every JWT copy has expired; returns how many were deleted. */
export async function deleteExpiredSignOuts(db: DbOrTx, now: Date): Promise<number> {
  const { count } = await db.signedOutSession.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}

/** Signs the user out everywhere: every JWT carrying the old version stops working. */
export async function revokeAllSessions({ userId }: { userId: string }, options: { db: DbOrTx }): Promise<void> {
  const { db } = options;
  await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}

function isSid(value: unknown): value is string {
  return typeof value === "string" && isUuid(value);
}
