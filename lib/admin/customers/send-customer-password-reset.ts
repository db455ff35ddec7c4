import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { queuePasswordResetLink } from "@/lib/auth/password-reset/queue-password-reset-link";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";
import type { OperatorContext } from "../operator-context";

/**
 * Sends the owner (or a member of this account) a password reset link, as the forgot-password page
 * would, for a customer who asks support. The operator never sees the link; the customer's inbox
 * does. One audit row, in the transaction that issues the link.
 */
export async function sendCustomerPasswordReset(ctx: OperatorContext<Db> & { origin: string }, input: { accountId: string; userId?: string }): Promise<{ email: string }> {
  const { db, now, actor } = ctx;
  const account = isUuid(input.accountId)
    ? await db.clientAccount.findUnique({ where: { id: input.accountId }, select: { id: true, ownerId: true, members: { select: { userId: true } } } })
    : null;
  if (!account) throw new DomainError("not_found", "Customer account not found");
  const userId = input.userId || account.ownerId;
  if (userId !== account.ownerId && !account.members.some((m) => m.userId === userId)) throw new DomainError("not_found", "That person is not on this account.");

  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, name: true, email: true } });
    const { tokenId } = await queuePasswordResetLink(tx, { user, origin: ctx.origin, now });
    await recordAuditEntry(tx, {
      actorUserId: actor.userId,
      action: "customer.password_reset_sent",
      accountId: account.id,
      targetType: "user",
      targetId: userId,
      details: { email: user.email, tokenId },
      ip: actor.ip,
      at: now,
    });
    return { email: user.email };
  });
}
