import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { revokeAllSessions } from "@/lib/auth/session-token";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { OperatorContext } from "../operator-context";
import { findAccountPersonOrThrow } from "./find-account-person-or-throw";

/**
 * Takes a person's second factor away when they have lost it: the owner's, or a member's of this
 * account (`userId`). Their TOTP secret, its enrolment and last step, and their recovery codes go,
 * and every session of theirs ends (sessionVersion, as "Sign out everywhere"), so the next sign-in is
 * with the password alone and they can enrol again. One audit row; all in one transaction.
 */
export async function resetCustomerTwoFactor(ctx: OperatorContext<Db>, input: { accountId: string; userId?: string }): Promise<{ userId: string; email: string }> {
  const { db, now, actor } = ctx;
  const { accountId, userId, role } = await findAccountPersonOrThrow(db, input);

  return db.$transaction(async (tx) => {
    // Conditional on a second factor being there, so two operators resetting at once write one record.
    const cleared = await tx.user.updateMany({
      where: { id: userId, OR: [{ totpEnabledAt: { not: null } }, { totpSecret: { not: null } }] },
      data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null },
    });
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    if (cleared.count === 0) throw new DomainError("conflict", `${user.email} has no two-factor authentication to reset.`);
    const { count: recoveryCodesRemoved } = await tx.recoveryCode.deleteMany({ where: { userId } });
    await revokeAllSessions({ userId }, { db: tx });
    await recordAuditEntry(tx, {
      actorUserId: actor.userId,
      action: "customer.two_factor_reset",
      accountId,
      targetType: "user",
      targetId: userId,
      details: { email: user.email, role, recoveryCodesRemoved },
      ip: actor.ip,
      at: now,
    });
    return { userId, email: user.email };
  });
}
