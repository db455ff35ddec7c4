import type { DbOrTx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

/** How many entries an operator console page shows of one thing's activity. */
export const AUDIT_ENTRIES_SHOWN = 20;

export interface AuditEntryRow {
  id: string;
  createdAt: Date;
  action: string;
  actorEmail: string;
  targetType: string | null;
  targetId: string | null;
  details: Prisma.JsonValue;
  ip: string | null;
}

/** Whose activity: everything recorded on one account, or on one record (a service, an invoice, an order). */
export type AuditEntryScope = { accountId: string } | { targetType: string; targetId: string };

/**
 * The operator activity of one account or one record, newest first, the latest `take`
 * (AUDIT_ENTRIES_SHOWN unless told): what every console page's "Operator activity" card lists.
 */
export async function listAuditEntries(ctx: { db: DbOrTx }, input: { scope: AuditEntryScope; take?: number }): Promise<AuditEntryRow[]> {
  const where: Prisma.AuditEntryWhereInput = "accountId" in input.scope ? { accountId: input.scope.accountId } : { targetType: input.scope.targetType, targetId: input.scope.targetId };
  const rows = await ctx.db.auditEntry.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.take ?? AUDIT_ENTRIES_SHOWN,
    select: { id: true, createdAt: true, action: true, targetType: true, targetId: true, details: true, ip: true, actor: { select: { email: true } } },
  });
  return rows.map(({ actor, ...row }) => ({ ...row, actorEmail: actor.email }));
}
