import { randomBytes } from "node:crypto";
import type { DbOrTx } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "./password";
import { clearFailedAttempts, recordFailedAttempt, reserveAttempt } from "./attempt-limit";
import type { TSignIn } from "./schemas";

export type SignInUser = { id: string; name: string; email: string; sessionVersion: number; hasTotp: boolean };

export type PasswordSignInResult =
  | { status: "ok"; user: SignInUser }
  | { status: "invalid" }
  | { status: "locked"; lockedUntil: Date };

/** The one sentence for an unknown email and a wrong password alike. */
export const WRONG_CREDENTIALS_MESSAGE = "Wrong email or password.";

const NO_USER_ID = "00000000-0000-0000-0000-000000000000";
let dummyHash: Promise<string> | undefined;

/** A real argon2 hash of a random password, so unknown emails cost as much as known ones. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64url"));

  return dummyHash;
}

/**
 * First sign-in step: checks email and password, counting failures towards a lock-out.
 * Does not create a session; the caller signs in (or asks for the second factor) on "ok".
 */
export async function checkPasswordSignIn(
  input: TSignIn,
  options: { db: DbOrTx; now?: Date },
): Promise<PasswordSignInResult> {
  const { db } = options;
  const now = options.now ?? new Date();
  const user = await db.user.findFirst({
    where: { email: { equals: input.email.trim(), mode: "insensitive" } },
    select: { id: true, name: true, email: true, passwordHash: true, sessionVersion: true, totpEnabledAt: true },
  });
  if (!user) {
    // Same work as for a wrong password: the attempt bookkeeping (against an id that matches no
    // row) and an argon2 verify, so response time does not reveal which emails exist.
    await reserveAttempt(db, NO_USER_ID, now);
    await verifyPassword(await getDummyHash(), input.password);
    await recordFailedAttempt(db, NO_USER_ID, now);

    return { status: "invalid" };
  }

  const reservation = await reserveAttempt(db, user.id, now);
  if (!reservation.ok) return { status: "locked", lockedUntil: reservation.lockedUntil };

  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const { lockedUntil } = await recordFailedAttempt(db, user.id, now);

    return lockedUntil ? { status: "locked", lockedUntil } : { status: "invalid" };
  }
  await clearFailedAttempts(db, user.id);

  return {
    status: "ok",
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      sessionVersion: user.sessionVersion,
      hasTotp: user.totpEnabledAt !== null,
    },
  };
}
