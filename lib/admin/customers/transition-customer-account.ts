import type { AuditAction } from "@/lib/audit/audit-actions";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import type { Db, Tx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { AccountStatus } from "@/lib/generated/prisma/client";
import { STATUS_LABELS } from "@/lib/format/status-labels";
import { isUuid } from "@/lib/schemas/uuid";
import type { OperatorContext } from "../operator-context";

export interface AccountTransition {
  from: AccountStatus;
  to: AccountStatus;
  action: AuditAction;
  /** The refusal when the account is already where the transition leads. */
  already: string;
  /** The refusal for a closed account. */
  closed: string;
}

/**
 * One explicit status transition of a customer account and its audit row, in one transaction. The
 * change is a conditional update on the expected status, so two operators acting at once cannot both
 * apply it (the second is told where the account is now); a closed account stays closed.
 */
export async function transitionCustomerAccount(
  { db, now, actor }: OperatorContext<Db>,
  input: { accountId: string; transition: AccountTransition; reason: string | null; then?: (tx: Tx) => Promise<void> },
): Promise<{ accountId: string; status: AccountStatus }> {
  const { accountId, transition, reason } = input;
  return db.$transaction(async (tx) => {
    const updated = isUuid(accountId) ? await tx.clientAccount.updateMany({ where: { id: accountId, status: transition.from }, data: { status: transition.to } }) : { count: 0 };
    if (updated.count === 0) {
      const current = isUuid(accountId) ? await tx.clientAccount.findUnique({ where: { id: accountId }, select: { status: true } }) : null;
      if (!current) throw new DomainError("not_found", "Customer account not found");
      throw new DomainError("conflict", current.status === "closed" ? transition.closed : current.status === transition.to ? transition.already : `The account is ${STATUS_LABELS.account[current.status].toLowerCase()}.`);
    }
    await recordAuditEntry(tx, {
      actorUserId: actor.userId,
      action: transition.action,
      accountId,
      details: { from: transition.from, to: transition.to, reason },
      ip: actor.ip,
      at: now,
    });
    // What else the change brings (an email to the account's owner), in the same transaction.
    await input.then?.(tx);
    return { accountId, status: transition.to };
  });
}
