import type { Db, DbOrTx } from "@/lib/db/client";
import { openSecret } from "@/lib/crypto/secret-box";
import { addressKey, reserveSignInAttempt, secondFactorKey, type ThrottleKey } from "./sign-in-throttle";
import { matchTotpStep } from "./totp";
import { hashRecoveryCode, normalizeRecoveryCode } from "./recovery-codes";

export type SecondFactorResult =
  | { status: "ok"; method: "totp" }
  | { status: "ok"; method: "recovery"; recoveryCodesLeft: number }
  | { status: "invalid" }
  | { status: "replayed" }
  | { status: "throttled"; retryAt: Date }
  | { status: "not_enabled" };

/**
 * Checks an authenticator code (±1 step, each step accepted once) or a single-use recovery
 * code, under the sign-in throttle (docs/decisions.md#r15): the user's second factor has its own
 * growing delay (a right password does not clear it), and at the sign-in step the client's address
 * counts too (`clientAddress`; omitted on the security page, where the user is signed in).
 */
export async function verifySecondFactor(
  { userId, code, clientAddress }: { userId: string; code: string; clientAddress?: string | null },
  options: { db: Db; now?: Date },
): Promise<SecondFactorResult> {
  const { db } = options;
  const now = options.now ?? new Date();
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { totpSecret: true, totpEnabledAt: true },
  });
  if (!user?.totpEnabledAt || !user.totpSecret) return { status: "not_enabled" };

  const keys: ThrottleKey[] = [secondFactorKey(userId)];
  if (clientAddress !== undefined) keys.push(addressKey(clientAddress));
  const reservation = await reserveSignInAttempt({ db, now }, { keys });
  if (!reservation.ok) return { status: "throttled", retryAt: reservation.retryAt };

  const result = await check(db, userId, user.totpSecret, code.replace(/\s/g, ""), now);
  await reservation.settle(result.status === "ok" ? "success" : "failure");

  return result;
}

async function check(db: DbOrTx, userId: string, sealedSecret: string, code: string, now: Date): Promise<SecondFactorResult> {
  if (/^\d{6}$/.test(code)) {
    const step = matchTotpStep(openSecret(sealedSecret, "totp"), code, now);
    if (step === null) return { status: "invalid" };
    // Atomic: of two requests carrying the same code, exactly one moves the step forward.
    const accepted = await db.user.updateMany({
      where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: BigInt(step) } }] },
      data: { totpLastStep: BigInt(step) },
    });

    return accepted.count === 1 ? { status: "ok", method: "totp" } : { status: "replayed" };
  }

  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return { status: "invalid" };
  const used = await db.recoveryCode.updateMany({
    where: { userId, codeHash: hashRecoveryCode(normalized), usedAt: null },
    data: { usedAt: now },
  });
  if (used.count !== 1) return { status: "invalid" };
  const recoveryCodesLeft = await db.recoveryCode.count({ where: { userId, usedAt: null } });

  return { status: "ok", method: "recovery", recoveryCodesLeft };
}
