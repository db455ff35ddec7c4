import { z } from "zod";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { IMPERSONATION_TTL_MS } from "@/lib/auth/impersonation/impersonation-rules";
import { parseInput, zText } from "../form-input";
import type { OperatorContext } from "../operator-context";
import { findAccountPersonOrThrow } from "./find-account-person-or-throw";

export const IMPERSONATION_REASON_MAX = 200;
const FIELDS = z.object({ reason: zText("reason", IMPERSONATION_REASON_MAX) });

/**
 * An operator asks to see the panel as one of a customer account's people (the owner unless
 * `userId` names a member), for a reason kept in the audit log. Writes the Impersonation row and
 * its audit entry in one transaction; the operator's session takes the row up next
 * (lib/auth/impersonation/claim-impersonation.ts). Operators are never impersonated: the customer
 * view must not reach the console. A closed account has nothing to look at.
 */
export async function startImpersonation(ctx: OperatorContext<Db>, input: { accountId: string; userId?: string; reason: string }): Promise<{ impersonationId: string; email: string }> {
  const { db, now, actor } = ctx;
  const { reason } = parseInput(FIELDS, input);
  const { accountId, userId } = await findAccountPersonOrThrow(db, { accountId: input.accountId, userId: input.userId, closedRefusal: "A closed account cannot be signed in to." });

  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, isOperator: true } });
    if (user.isOperator) throw new DomainError("forbidden", `${user.email} is an operator; operators cannot be signed in as.`);
    if (user.id === actor.userId) throw new DomainError("conflict", "You cannot sign in as yourself.");
    const row = await tx.impersonation.create({
      data: { operatorUserId: actor.userId, targetUserId: user.id, accountId, reason, createdAt: now, expiresAt: new Date(now.getTime() + IMPERSONATION_TTL_MS) },
    });
    await recordAuditEntry(tx, {
      actorUserId: actor.userId,
      action: "customer.impersonation_started",
      accountId,
      targetType: "user",
      targetId: user.id,
      details: { email: user.email, reason, impersonationId: row.id },
      ip: actor.ip,
      at: now,
    });
    return { impersonationId: row.id, email: user.email };
  });
}
