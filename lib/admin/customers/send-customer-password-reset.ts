import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { queuePasswordResetLink } from "@/lib/auth/password-reset/queue-password-reset-link";
import type { Db } from "@/lib/db/client";
import type { OperatorContext } from "../operator-context";
import { findAccountPersonOrThrow } from "./find-account-person-or-throw";

/**
 * Sends the owner (or a member of this account) a password reset link, as the forgot-password page
 * would, for a customer who asks support. The operator never sees the link; the customer's inbox
 * does. One audit row, in the transaction that issues the link.
 */
export async function sendCustomerPasswordReset(ctx: OperatorContext<Db> & { origin: string }, input: { accountId: string; userId?: string }): Promise<{ email: string }> {
  const { db, now, actor } = ctx;
  const { accountId, userId } = await findAccountPersonOrThrow(db, input);

  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, name: true, email: true } });
    const { tokenId } = await queuePasswordResetLink(tx, { user, origin: ctx.origin, now });
    await recordAuditEntry(tx, {
      actorUserId: actor.userId,
      action: "customer.password_reset_sent",
      accountId,
      targetType: "user",
      targetId: userId,
      details: { email: user.email, tokenId },
      ip: actor.ip,
      at: now,
    });
    return { email: user.email };
  });
}
