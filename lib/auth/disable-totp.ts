import type { Db } from "@/lib/db/client";
import { verifySecondFactor, type SecondFactorResult } from "./verify-second-factor";

export type DisableTotpResult = { status: "disabled" } | Exclude<SecondFactorResult, { status: "ok" }>;

/** Turns the second factor off; needs a current authenticator code or an unused recovery code. */
export async function disableTotp(
  { userId, code }: { userId: string; code: string },
  options: { db: Db; now?: Date },
): Promise<DisableTotpResult> {
  const { db } = options;
  const verified = await verifySecondFactor({ userId, code }, { db, now: options.now });
  if (verified.status !== "ok") return verified;

  await db.$transaction([
    db.recoveryCode.deleteMany({ where: { userId } }),
    db.user.update({
      where: { id: userId },
      data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null },
    }),
  ]);

  return { status: "disabled" };
}
