import type { DbOrTx } from "@/lib/db/client";
import { readToken, signToken } from "./signed-token";

/** What the Credentials provider hands to next-auth, and what the session JWT starts from. */
export type SessionUser = { id: string; name: string; email: string; sessionVersion: number };

// A login ticket proves that our server action checked every factor the user has. It is made
// and redeemed inside one server request (signIn() calls the provider in-process), so it
// never reaches a browser; the short lifetime is a second fence.
const TICKET_TTL_SECONDS = 60;
// The pending second-factor step (a cookie) must be finished within this time.
export const MFA_PENDING_TTL_SECONDS = 10 * 60;

export function mintLoginTicket(user: { id: string; sessionVersion: number }, factors: { totp: boolean }, now = new Date()): string {
  return signToken("login-ticket", { uid: user.id, sv: user.sessionVersion, totp: factors.totp }, TICKET_TTL_SECONDS, now);
}

/** The user to sign in, or null when the ticket is forged, expired, revoked or misses a factor. */
export async function redeemLoginTicket(ticket: unknown, options: { db: DbOrTx; now?: Date }): Promise<SessionUser | null> {
  const now = options.now ?? new Date();
  const payload = readToken("login-ticket", typeof ticket === "string" ? ticket : null, now);
  if (!payload || typeof payload.uid !== "string" || typeof payload.sv !== "number") return null;

  const { db } = options;
  const user = await db.user.findUnique({
    where: { id: payload.uid },
    select: { id: true, name: true, email: true, sessionVersion: true, totpEnabledAt: true },
  });
  if (!user || user.sessionVersion !== payload.sv) return null;
  if (user.totpEnabledAt && payload.totp !== true) return null;
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: now } });

  return { id: user.id, name: user.name, email: user.email, sessionVersion: user.sessionVersion };
}

export function mintMfaPending(user: { id: string; sessionVersion: number }, now = new Date()): string {
  return signToken("mfa-pending", { uid: user.id, sv: user.sessionVersion }, MFA_PENDING_TTL_SECONDS, now);
}

/** The user waiting for their second factor; does not grant access to anything by itself. */
export function readMfaPending(token: string | undefined, now = new Date()): { id: string; sessionVersion: number } | null {
  const payload = readToken("mfa-pending", token, now);
  if (!payload || typeof payload.uid !== "string" || typeof payload.sv !== "number") return null;

  return { id: payload.uid, sessionVersion: payload.sv };
}
