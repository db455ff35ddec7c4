import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Prisma } from "@/lib/generated/prisma/client";

export interface AccountAuditEntry {
  id: string;
  createdAt: Date;
  action: string;
  actorEmail: string;
  targetType: string | null;
  targetId: string | null;
  details: Prisma.JsonValue;
  ip: string | null;
}

/** The operator activity on one customer account, newest first (the latest `limit`, 20 unless told). */
export async function listAccountAuditEntries(ctx: OperatorContext, input: { accountId: string; limit?: number }): Promise<AccountAuditEntry[]> {
  const rows = await ctx.db.auditEntry.findMany({
    where: { accountId: input.accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit ?? 20,
    select: { id: true, createdAt: true, action: true, targetType: true, targetId: true, details: true, ip: true, actor: { select: { email: true } } },
  });
  return rows.map(({ actor, ...row }) => ({ ...row, actorEmail: actor.email }));
}
