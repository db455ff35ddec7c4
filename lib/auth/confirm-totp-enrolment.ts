import type { Db } from "@/lib/db/client";
import { openSecret } from "@/lib/crypto/secret-box";
import { matchTotpStep } from "./totp";
import { generateRecoveryCodes, hashRecoveryCode, normalizeRecoveryCode } from "./recovery-codes";

export type ConfirmTotpEnrolmentResult =
  | { status: "enabled"; recoveryCodes: string[] }
  | { status: "invalid" }
  | { status: "not_started" }
  | { status: "already_enabled" };

/**
 * Turns the second factor on once the user proves their app produces codes for the pending
 * secret. Returns ten recovery codes to show once; only their hashes are stored.
 */
export async function confirmTotpEnrolment(
  { userId, code }: { userId: string; code: string },
  options: { db: Db; now?: Date },
): Promise<ConfirmTotpEnrolmentResult> {
  const { db } = options;
  const now = options.now ?? new Date();
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { totpSecret: true, totpEnabledAt: true },
  });
  if (!user) return { status: "not_started" };
  if (user.totpEnabledAt) return { status: "already_enabled" };
  if (!user.totpSecret) return { status: "not_started" };

  const step = matchTotpStep(openSecret(user.totpSecret, "totp"), code, now);
  if (step === null) return { status: "invalid" };

  const recoveryCodes = generateRecoveryCodes();
  const enabled = await db.$transaction(async (tx) => {
    // Conditional on the very secret we checked, so a concurrent restart of enrolment wins cleanly.
    const res = await tx.user.updateMany({
      where: { id: userId, totpEnabledAt: null, totpSecret: user.totpSecret },
      data: { totpEnabledAt: now, totpLastStep: BigInt(step) },
    });
    if (res.count === 0) return false;
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.recoveryCode.createMany({
      data: recoveryCodes.map((c) => ({ userId, codeHash: hashRecoveryCode(normalizeRecoveryCode(c)!) })),
    });

    return true;
  });

  return enabled ? { status: "enabled", recoveryCodes } : { status: "not_started" };
}
