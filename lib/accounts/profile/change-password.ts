import { z } from "zod";
import { parseActionInput } from "@/lib/actions/action-result";
import { ZNewPassword } from "@/lib/accounts/sign-up/sign-up-schema";
import { hashPassword } from "@/lib/auth/password";
import { sharedPasswordVerifier, type BoundedVerifier } from "@/lib/auth/password-verifier";
import { accountKey, addressKey, reserveSignInAttempt, SIGN_IN_BUSY_MESSAGE, throttledMessage } from "@/lib/auth/sign-in-throttle";
import type { TransactingContext } from "@/lib/db/domain-context";
import { DomainError } from "@/lib/errors/domain-error";

export const WRONG_CURRENT_PASSWORD = "That is not your current password.";
export const PASSWORDS_DIFFER = "The two passwords differ.";
export const PASSWORD_CHANGED_MEANWHILE = "Your password was changed in the meantime. Sign in again with the new one.";

/** The current password, typed again to re-authenticate a change to the person's own sign-in. */
export const ZCurrentPassword = z.string().min(1, "Enter your current password.").max(1024, "That password is too long.");

/** Every field is checked at once, so a short new password and a mismatch are reported together. */
export const ZChangePassword = z
  .object({
    currentPassword: ZCurrentPassword,
    newPassword: ZNewPassword,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, {
    path: ["confirm"],
    message: PASSWORDS_DIFFER,
    when: ({ value }) => typeof (value as { newPassword?: unknown })?.newPassword === "string" && typeof (value as { confirm?: unknown })?.confirm === "string",
  });
export type TChangePasswordInput = z.input<typeof ZChangePassword>;

/** The signed-in user changing their own sign-in, and the client address their request came from (for the throttle). */
export type ReauthenticateContext = TransactingContext<{ userId: string; clientAddress: string | null }> & {
  /** Where the current password is checked; the process's bounded verifier unless a test injects one. */
  verifier?: BoundedVerifier;
};
export type ChangePasswordContext = ReauthenticateContext;

/** What the caller needs to start a fresh session for this browser: the user's new sessionVersion. */
export interface ChangedPassword {
  id: string;
  sessionVersion: number;
  hasTotp: boolean;
}

const currentPasswordRefusal = (message: string) => new DomainError("invalid", message, { details: [{ field: "currentPassword", message }] });

/**
 * Re-authentication for a change to the person's own sign-in (password, email address): checks
 * `currentPassword` against `user.passwordHash` under the sign-in throttle, with sign-in's own keys
 * (the client address and the user's email), so guesses here and on the sign-in page count
 * together. Refuses a wrong password under "currentPassword", a throttled or busy check with 429.
 */
export async function verifyCurrentPassword(ctx: ReauthenticateContext, user: { email: string; passwordHash: string }, currentPassword: string): Promise<void> {
  const { now, actor } = ctx;
  const reservation = await reserveSignInAttempt(ctx, { keys: [addressKey(actor.clientAddress), accountKey(user.email)] });
  if (!reservation.ok) {
    throw new DomainError("rate_limited", throttledMessage(reservation.retryAt, now), { retryAfterSeconds: Math.max(1, Math.ceil((reservation.retryAt.getTime() - now.getTime()) / 1000)) });
  }
  const verdict = await (ctx.verifier ?? sharedPasswordVerifier()).verify(user.passwordHash, currentPassword);
  if (verdict === "busy") {
    await reservation.settle("not_checked");
    throw new DomainError("rate_limited", SIGN_IN_BUSY_MESSAGE);
  }
  if (!verdict) {
    await reservation.settle("failure");
    throw currentPasswordRefusal(WRONG_CURRENT_PASSWORD);
  }
  await reservation.settle("success");
}

/**
 * Changes the signed-in user's password. The current password is checked under the sign-in throttle
 * (the same keys as sign-in: the client address and the user's email, so guesses here and on the
 * sign-in page count together). On success the new hash is stored, `sessionVersion` is bumped (every
 * session ends; the caller starts a new one for the browser that asked) and unused reset links are
 * spent, in one conditional update: a password changed since it was checked is not overwritten.
 */
export async function changePassword(ctx: ChangePasswordContext, raw: TChangePasswordInput): Promise<ChangedPassword> {
  const input = parseActionInput(ZChangePassword, raw);
  const { db, now, actor } = ctx;
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { email: true, passwordHash: true, totpEnabledAt: true } });

  await verifyCurrentPassword(ctx, user, input.currentPassword);

  const passwordHash = await hashPassword(input.newPassword);
  return db.$transaction(async (tx) => {
    const [updated] = await tx.user.updateManyAndReturn({
      where: { id: actor.userId, passwordHash: user.passwordHash },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { id: true, sessionVersion: true },
    });
    if (!updated) throw new DomainError("conflict", PASSWORD_CHANGED_MEANWHILE);
    await tx.emailToken.updateMany({ where: { userId: actor.userId, purpose: "password_reset", usedAt: null }, data: { usedAt: now } });
    return { ...updated, hasTotp: user.totpEnabledAt !== null };
  });
}
