import type { DbOrTx } from "@/lib/db/client";
import { openSecret } from "@/lib/crypto/secret-box";
import { clearFailedAttempts, recordFailedAttempt, reserveAttempt } from "./attempt-limit";
import { matchTotpStep } from "./totp";
import { hashRecoveryCode, normalizeRecoveryCode } from "./recovery-codes";

export type SecondFactorResult =
  | { status: "ok"; method: "totp" }
  | { status: "ok"; method: "recovery"; recoveryCodesLeft: number }
  | { status: "invalid" }
  | { status: "replayed" }
  | { status: "locked"; lockedUntil: Date }
  | { status: "not_enabled" };

/**
 * Checks an authenticator code (±1 step, each step accepted once) or a single-use recovery
 * code. Failures count towards the same lock-out as wrong passwords.
 */
export async function verifySecondFactor(
  { userId, code }: { userId: string; code: string },
  options: { db: DbOrTx; now?: Date },
): Promise<SecondFactorResult> {
  const { db } = options;
  const now = options.now ?? new Date();
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { totpSecret: true, totpEnabledAt: true },
  });
  if (!user?.totpEnabledAt || !user.totpSecret) return { status: "not_enabled" };

  const reservation = await reserveAttempt(db, userId, now);
  if (!reservation.ok) return { status: "locked", lockedUntil: reservation.lockedUntil };

  const result = await check(db, userId, user.totpSecret, code.replace(/\s/g, ""), now);
  if (result.status === "ok") {
    await clearFailedAttempts(db, userId);

    return result;
  }
  const { lockedUntil } = await recordFailedAttempt(db, userId, now);

  return lockedUntil ? { status: "locked", lockedUntil } : result;
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
