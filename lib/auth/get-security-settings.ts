import type { DbOrTx } from "@/lib/db/client";

export type SecuritySettings = {
  email: string;
  totpEnabledAt: Date | null;
  recoveryCodesLeft: number;
};

export async function getSecuritySettings({ userId }: { userId: string }, options: { db: DbOrTx }): Promise<SecuritySettings> {
  const { db } = options;
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, totpEnabledAt: true },
  });
  const recoveryCodesLeft = user.totpEnabledAt ? await db.recoveryCode.count({ where: { userId, usedAt: null } }) : 0;

  return { email: user.email, totpEnabledAt: user.totpEnabledAt, recoveryCodesLeft };
}
