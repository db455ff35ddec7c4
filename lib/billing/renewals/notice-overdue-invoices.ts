import type { BackendContext } from "@/lib/backends/context";
import { inTransaction } from "@/lib/db/in-transaction";
import { recordAccountEvent } from "@/lib/mail/account-events";
import { DAY_MS, loadRenewalSettings } from "./renewal-settings";

/**
 * The nightly run's warning before a suspension (docs/billing.md "Renewals"): each open renewal's
 * invoice still unpaid a day after its due date (or at once, when the grace period is shorter than
 * a day, so the warning never comes after the suspension) is marked `overdueNoticedAt` and raises
 * `invoice.overdue` in the same transaction. The conditional update on the unset marker is the
 * claim: a second night, a retry or a parallel run raises nothing. Returns how many were noticed.
 */
export async function noticeOverdueInvoices(ctx: BackendContext): Promise<number> {
  const now = ctx.clock.now();
  const { suspensionGraceDays } = await loadRenewalSettings(ctx.db);
  const cutoff = new Date(now.getTime() - Math.min(DAY_MS, suspensionGraceDays * DAY_MS));
  const open = await ctx.db.serviceRenewal.findMany({ where: { status: "open", invoiceId: { not: null } }, select: { invoiceId: true } });
  if (open.length === 0) return 0;
  const overdue = await ctx.db.invoice.findMany({
    where: { id: { in: [...new Set(open.map((r) => r.invoiceId!))] }, status: "unpaid", overdueNoticedAt: null, dueDate: { lte: cutoff } },
    select: { id: true, accountId: true },
    orderBy: { dueDate: "asc" },
  });
  let noticed = 0;
  for (const invoice of overdue) {
    try {
      const claimed = await inTransaction(ctx.db, async (tx) => {
        const { count } = await tx.invoice.updateMany({ where: { id: invoice.id, status: "unpaid", overdueNoticedAt: null }, data: { overdueNoticedAt: now } });
        if (count === 0) return false;
        await recordAccountEvent(tx, { accountId: invoice.accountId, type: "invoice.overdue", payload: { invoiceId: invoice.id }, now });
        return true;
      });
      if (claimed) noticed++;
    } catch (error) {
      console.warn(`[billing] overdue notice of invoice ${invoice.id} failed; the next run tries again`, error);
    }
  }
  return noticed;
}
