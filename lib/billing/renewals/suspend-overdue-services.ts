import type { BackendContext } from "@/lib/backends/context";
import { changeBillingSuspension } from "./billing-suspension";
import { DAY_MS, loadRenewalSettings, OVERDUE_REASON } from "./renewal-settings";

/**
 * Active services whose renewal document is still unpaid `suspensionGraceDays` after its due date:
 * suspended with reason `overdue` (machine stopped, `service.suspended` for reseller accounts).
 * Conditional on the service still being due at the renewal's period start, so a payment that
 * commits first (it moves nextDueDate on) wins. Returns how many were suspended.
 */
export async function suspendOverdueServices(ctx: BackendContext): Promise<number> {
  const now = ctx.clock.now();
  const { suspensionGraceDays } = await loadRenewalSettings(ctx.db);
  const open = await ctx.db.serviceRenewal.findMany({
    where: { status: "open", service: { status: "active" } },
    select: { serviceId: true, periodStart: true, invoiceId: true, proformaId: true },
  });
  let suspended = 0;
  for (const r of open) {
    const document = r.invoiceId
      ? await ctx.db.invoice.findUnique({ where: { id: r.invoiceId }, select: { status: true, dueDate: true } })
      : r.proformaId
        ? await ctx.db.proforma.findUnique({ where: { id: r.proformaId }, select: { status: true, dueDate: true } })
        : null;
    if (!document || document.status !== "unpaid") continue;
    if (document.dueDate.getTime() + suspensionGraceDays * DAY_MS > now.getTime()) continue;
    try {
      const changed = await changeBillingSuspension(ctx, r.serviceId, "suspend", {
        reason: OVERDUE_REASON,
        where: { nextDueDate: r.periodStart, renewals: { some: { periodStart: r.periodStart, status: "open" } } },
      });
      if (changed) suspended++;
    } catch (error) {
      console.warn(`[billing] suspension of overdue ${r.serviceId} failed; the next run tries again`, error);
    }
  }
  return suspended;
}
