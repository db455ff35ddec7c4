import type { BackendContext } from "@/lib/backends/context";
import { DAY_MS, loadRenewalSettings } from "./renewal-settings";

/**
 * Add-ons on their own cycle whose renewal document is still unpaid `suspensionGraceDays` after its
 * due date end: the add-on is cancelled (its service keeps running — suspending a whole server for
 * an unpaid extra would punish more than the debt), and the renewal's document, if nothing was paid
 * on it, is cancelled with it, since the period it bills is no longer delivered. Each in its own
 * transaction, conditional on the renewal still being open, so a payment that commits first wins.
 */
export async function endOverdueAddons(ctx: BackendContext): Promise<number> {
  const now = ctx.clock.now();
  const { suspensionGraceDays } = await loadRenewalSettings(ctx.db);
  const open = await ctx.db.serviceOptionRenewal.findMany({ where: { status: "open", serviceOption: { status: "active" } }, select: { id: true, serviceOptionId: true, invoiceId: true, proformaId: true } });
  let ended = 0;
  for (const r of open) {
    const document = r.invoiceId
      ? await ctx.db.invoice.findUnique({ where: { id: r.invoiceId }, select: { status: true, dueDate: true } })
      : r.proformaId
        ? await ctx.db.proforma.findUnique({ where: { id: r.proformaId }, select: { status: true, dueDate: true } })
        : null;
    if (!document || document.status !== "unpaid") continue;
    if (document.dueDate.getTime() + suspensionGraceDays * DAY_MS > now.getTime()) continue;
    const done = await ctx.db.$transaction(async (tx) => {
      const claimed = await tx.serviceOptionRenewal.updateMany({ where: { id: r.id, status: "open" }, data: { status: "cancelled" } });
      if (claimed.count === 0) return false;
      await tx.serviceOption.updateMany({ where: { id: r.serviceOptionId, status: "active" }, data: { status: "cancelled", terminationDate: now } });
      if (r.invoiceId) await tx.invoice.updateMany({ where: { id: r.invoiceId, status: "unpaid", paidAmount: 0 }, data: { status: "cancelled" } });
      if (r.proformaId) await tx.proforma.updateMany({ where: { id: r.proformaId, status: "unpaid", paidAmount: 0 }, data: { status: "cancelled" } });
      return true;
    });
    if (done) ended++;
  }
  return ended;
}
