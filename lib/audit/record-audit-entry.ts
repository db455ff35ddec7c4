import type { DbOrTx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditAction } from "./audit-actions";

export interface AuditEntryInput {
  /** The operator who acted. */
  actorUserId: string;
  action: AuditAction;
  /** The customer account concerned. */
  accountId?: string | null;
  /** The row acted on inside the account, when it is not the account itself. */
  targetType?: string | null;
  targetId?: string | null;
  /** What the operator gave and what came of it; plain JSON (amounts as decimal strings). */
  details: Prisma.InputJsonObject;
  /** The operator's client address, when known. */
  ip?: string | null;
  at: Date;
}

/**
 * Writes one row of the operator audit log. Call it with the transaction that makes the change it
 * records, after the change succeeded, so a refused or rolled-back change leaves no record and a
 * committed one always has its record.
 */
export async function recordAuditEntry(tx: DbOrTx, input: AuditEntryInput): Promise<{ id: string }> {
  return tx.auditEntry.create({
    data: {
      createdAt: input.at,
      actorUserId: input.actorUserId,
      action: input.action,
      accountId: input.accountId ?? null,
      targetType: input.targetType ?? null,
      targetId: input.targetId ?? null,
      details: input.details,
      ip: input.ip ?? null,
    },
    select: { id: true },
  });
}
