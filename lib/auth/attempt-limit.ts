import type { DbOrTx } from "@/lib/db/client";

/** Failed sign-in attempts (passwords and second-factor codes together) before a lock-out. */
export const MAX_FAILED_ATTEMPTS = 5;
/** How long a lock-out lasts. */
export const LOCK_DURATION_MS = 15 * 60_000;

export type AttemptReservation = { ok: true } | { ok: false; lockedUntil: Date };

/**
 * Counts an attempt *before* the secret is checked, with conditional updates, so parallel
 * requests cannot run more than MAX_FAILED_ATTEMPTS checks per lock window. A successful
 * check calls clearFailedAttempts; a failed one calls recordFailedAttempt.
 */
export async function reserveAttempt(db: DbOrTx, userId: string, now: Date): Promise<AttemptReservation> {
  // An expired lock starts a fresh window.
  await db.user.updateMany({
    where: { id: userId, lockedUntil: { lte: now } },
    data: { lockedUntil: null, failedLoginCount: 0 },
  });
  const reserved = await db.user.updateMany({
    where: { id: userId, lockedUntil: null, failedLoginCount: { lt: MAX_FAILED_ATTEMPTS } },
    data: { failedLoginCount: { increment: 1 } },
  });
  if (reserved.count === 1) return { ok: true };

  // Out of attempts. If no lock was written (the last failure is still being checked, or the
  // process died in between), write one now so the window always ends.
  await db.user.updateMany({
    where: { id: userId, lockedUntil: null },
    data: { lockedUntil: new Date(now.getTime() + LOCK_DURATION_MS) },
  });
  const user = await db.user.findUnique({ where: { id: userId }, select: { lockedUntil: true } });

  return { ok: false, lockedUntil: user?.lockedUntil ?? new Date(now.getTime() + LOCK_DURATION_MS) };
}

/** After a failed check: the reserved attempt stays counted; the last one locks the user. */
export async function recordFailedAttempt(db: DbOrTx, userId: string, now: Date): Promise<{ lockedUntil: Date | null }> {
  const lockedUntil = new Date(now.getTime() + LOCK_DURATION_MS);
  const locked = await db.user.updateMany({
    where: { id: userId, lockedUntil: null, failedLoginCount: { gte: MAX_FAILED_ATTEMPTS } },
    data: { lockedUntil },
  });

  if (locked.count === 1) return { lockedUntil };
  // A parallel request may have written the lock first.
  const user = await db.user.findUnique({ where: { id: userId }, select: { failedLoginCount: true, lockedUntil: true } });

  return { lockedUntil: user && user.failedLoginCount >= MAX_FAILED_ATTEMPTS ? user.lockedUntil : null };
}

export async function clearFailedAttempts(db: DbOrTx, userId: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { failedLoginCount: 0, lockedUntil: null } });
}

/** The sentence shown while locked out. */
export function lockedMessage(lockedUntil: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));

  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
