import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import type { ConsoleSessionAuditRow } from "./console-documents";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The service's recent console sessions, newest first (the reseller portal's audit; casts have role `cast`). */
export async function listConsoleSessions(ctx: ServiceContext, input: { serviceId: string; limit?: number }): Promise<ConsoleSessionAuditRow[]> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const take = Math.min(Math.max(input.limit ?? 50, 1), 200);
  const rows = await ctx.db.consoleSession.findMany({ where: { serviceId: service.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    channel: r.channel,
    viewOnly: r.viewOnly,
    castId: r.castId,
    createdAt: r.createdAt.toISOString(),
    consumedAt: iso(r.consumedAt),
    remoteAddress: r.remoteAddress,
    closedAt: iso(r.closedAt),
    closeReason: r.closeReason,
  }));
}
