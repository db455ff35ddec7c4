import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { hashPassword } from "./password";
import { sharedPasswordVerifier, type BoundedVerifier } from "./password-verifier";
import { accountKey, addressKey, BUSY_RETRY_MS, reserveSignInAttempt } from "./sign-in-throttle";
import type { TSignIn } from "./schemas";

export type SignInUser = { id: string; name: string; email: string; sessionVersion: number; hasTotp: boolean };

export type PasswordSignInResult =
  | { status: "ok"; user: SignInUser }
  | { status: "invalid" }
  /** Refused without checking the password: too many failures from this address or on this email. */
  | { status: "throttled"; retryAt: Date }
  /** Refused without checking the password: too many checks queued in this process. */
  | { status: "busy"; retryAt: Date };

/** The one sentence for an unknown email and a wrong password alike. */
export const WRONG_CREDENTIALS_MESSAGE = "Wrong email or password.";

export interface SignInContext {
  db: Db;
  now: Date;
  /** Where password checks run; the process's bounded verifier unless a test injects one. */
  verifier?: BoundedVerifier;
}

export type PasswordSignInInput = TSignIn & {
  /** The client's address from the trusted header (lib/api/client-ip.ts), null when unknown. */
  clientAddress: string | null;
};

let dummyHash: Promise<string> | undefined;

/** A real argon2 hash of a random password, so unknown emails cost as much as known ones. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64url"));

  return dummyHash;
}

/**
 * First sign-in step: checks email and password under the sign-in throttle (docs/decisions.md#r15).
 * The attempt is reserved per client address and per email before anything else; a refused one
 * costs no argon2 and says when to try again. Unknown emails are throttled and verified (against a
 * dummy hash) exactly like known ones, so no answer tells them apart.
 * Does not create a session; the caller signs in (or asks for the second factor) on "ok".
 */
export async function checkPasswordSignIn(ctx: SignInContext, input: PasswordSignInInput): Promise<PasswordSignInResult> {
  const { db, now } = ctx;
  const reservation = await reserveSignInAttempt(ctx, { keys: [addressKey(input.clientAddress), accountKey(input.email)] });
  if (!reservation.ok) return { status: "throttled", retryAt: reservation.retryAt };

  // Should anything below throw, the reservation keeps counting as a failure until it goes stale.
  const user = await db.user.findFirst({
    where: { email: { equals: input.email.trim(), mode: "insensitive" } },
    select: { id: true, name: true, email: true, passwordHash: true, sessionVersion: true, totpEnabledAt: true },
  });
  const verdict = await (ctx.verifier ?? sharedPasswordVerifier()).verify(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (verdict === "busy") {
    await reservation.settle("not_checked");
    return { status: "busy", retryAt: new Date(now.getTime() + BUSY_RETRY_MS) };
  }
  if (!user || !verdict) {
    await reservation.settle("failure");
    return { status: "invalid" };
  }
  await reservation.settle("success");

  return {
    status: "ok",
    user: { id: user.id, name: user.name, email: user.email, sessionVersion: user.sessionVersion, hasTotp: user.totpEnabledAt !== null },
  };
}
