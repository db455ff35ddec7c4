import type { BackendContext } from "@/lib/backends/context";
import { changeBillingSuspension } from "./billing-suspension";
import { OVERDUE_REASON } from "./renewal-settings";

/**
 * Services suspended for an unpaid renewal (`suspendReason: overdue`) that no longer have an open
 * renewal — it was paid — are unsuspended and their machine started. The pay paths call it after
 * their commit with the services of the paid invoice; the nightly run calls it for all (a payment
 * from any other path, or a process that died between the commit and this). A service suspended
 * for another reason (by the reseller or the operator) stays suspended. Returns how many resumed.
 */
export async function resumeRenewedServices(ctx: BackendContext, serviceIds?: readonly string[]): Promise<number> {
  if (serviceIds && serviceIds.length === 0) return 0;
  const where = { status: "suspended" as const, suspendReason: OVERDUE_REASON, renewals: { none: { status: "open" as const } } };
  const services = await ctx.db.service.findMany({
    where: { ...where, ...(serviceIds ? { id: { in: [...serviceIds] } } : {}) },
    select: { id: true },
  });
  let resumed = 0;
  for (const { id } of services) {
    try {
      if (await changeBillingSuspension(ctx, id, "unsuspend", { reason: OVERDUE_REASON, where: { renewals: { none: { status: "open" } } } })) resumed++;
    } catch (error) {
      console.warn(`[billing] unsuspending renewed ${id} failed; the nightly run tries again`, error);
    }
  }
  return resumed;
}

/** The services an invoice bills (its lines'), to resume after it was paid. */
export async function servicesOfInvoice(ctx: BackendContext, invoiceId: string): Promise<string[]> {
  const items = await ctx.db.invoiceItem.findMany({ where: { invoiceId, serviceId: { not: null } }, select: { serviceId: true } });
  return [...new Set(items.map((i) => i.serviceId!))];
}

/**
 * After the commit of a payment that settled `invoiceId`: unsuspends the services it renewed that
 * were suspended as overdue. Never throws (the payment stands; the nightly run catches up).
 */
export async function resumeAfterInvoicePaid(ctx: BackendContext, invoiceId: string): Promise<number> {
  try {
    return await resumeRenewedServices(ctx, await servicesOfInvoice(ctx, invoiceId));
  } catch (error) {
    console.warn(`[billing] resuming the services of invoice ${invoiceId} failed; the nightly run catches up`, error);
    return 0;
  }
}
