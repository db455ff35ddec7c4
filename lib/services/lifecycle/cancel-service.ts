import type { BackendContext } from "@/lib/backends/context";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { recordAccountEvent } from "@/lib/mail/account-events";
import { findAccountResellerId } from "../find-account-reseller";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { applyLifecycleVerb, assertNameConfirmed } from "./run-lifecycle-verb";

export const CANCEL_REFUSED = "Only an active service or one whose setup failed can be cancelled";
export const NOTHING_TO_WITHDRAW = "No cancellation is scheduled for this service";

export type CancelResult = { immediate: true } | { cancellation_scheduled_date: string };

/**
 * The customer's cancellation of one of the actor's services (404 outside its scope; the customer API
 * spec "States and transitions"): accepted for `active` and `provisioning_failed` only (400
 * otherwise). A failed service is terminated at once and its unpaid invoice or proforma cancelled; an
 * active one is terminated at once with `immediate`, else it stays active with
 * `cancellationScheduledDate` = its next due date (the end of the paid period), and the cancellation
 * sweep terminates it then; the first scheduling raises `cancellation.scheduled` for a customer
 * account (an email; a second cancel only updates the reason). `confirm` (the panel's "cancel now", typed in its dialog): checked as the
 * reseller portal's terminate checks it, before an active service is terminated at once.
 */
export async function cancelService(ctx: ServiceContext, input: { serviceId: string; immediate: boolean; reason?: string | null; confirm?: string }): Promise<CancelResult> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  if (service.status !== "active" && service.status !== "provisioning_failed") throw new DomainError("invalid", CANCEL_REFUSED);
  if (service.status === "active" && input.immediate) assertNameConfirmed(service, input.confirm);
  if (service.status === "provisioning_failed" || input.immediate) {
    await applyLifecycleVerb(ctx, service.id, "terminate", { reason: input.reason ?? "cancelled by the customer" });
    if (service.status === "provisioning_failed") await cancelUnpaidDocuments(ctx, service.id);
    return { immediate: true };
  }
  const at = service.cancellationScheduledDate ?? (service.nextDueDate && service.nextDueDate > ctx.now ? service.nextDueDate : ctx.now);
  const scheduled = await inTransaction(ctx.db, async (tx) => {
    // Scheduling is the update that finds none scheduled: it alone tells the customer (once, however often they cancel).
    const fresh = await tx.service.updateMany({
      where: { id: service.id, status: "active", cancellationScheduledDate: null },
      data: { cancellationScheduledDate: at, cancellationReason: input.reason ?? null },
    });
    if (fresh.count === 0) {
      const again = await tx.service.updateMany({ where: { id: service.id, status: "active", cancellationScheduledDate: { not: null } }, data: { cancellationReason: input.reason ?? null } });
      if (again.count === 0) return null;
      return (await tx.service.findUniqueOrThrow({ where: { id: service.id }, select: { cancellationScheduledDate: true } })).cancellationScheduledDate!;
    }
    if (!(await findAccountResellerId(tx, service.accountId))) {
      await recordAccountEvent(tx, { accountId: service.accountId, type: "cancellation.scheduled", payload: { serviceId: service.id }, now: ctx.now });
    }
    return at;
  });
  if (!scheduled) throw new DomainError("invalid", CANCEL_REFUSED);
  return { cancellation_scheduled_date: scheduled.toISOString() };
}

/** Withdraws the scheduled cancellation of one of the actor's services (404 outside its scope; 400 when none is scheduled or the service is no longer active). */
export async function withdrawCancellation(ctx: ServiceContext, input: { serviceId: string }): Promise<{ withdrawn: true }> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const { count } = await ctx.db.service.updateMany({
    where: { id: service.id, status: { in: ["active", "suspended"] }, cancellationScheduledDate: { not: null } },
    data: { cancellationScheduledDate: null, cancellationReason: null },
  });
  if (count === 0) throw new DomainError("invalid", NOTHING_TO_WITHDRAW);
  return { withdrawn: true };
}

/**
 * Cancels the unpaid, untouched (nothing paid yet) invoices and proformas that bill only this service:
 * a build that failed is not charged. Documents shared with other services are left alone.
 */
export async function cancelUnpaidDocuments(ctx: BackendContext, serviceId: string): Promise<{ invoices: number; proformas: number }> {
  return inTransaction(ctx.db, async (tx) => {
    const onlyThis = { items: { some: { serviceId } }, NOT: { items: { some: { AND: [{ serviceId: { not: null } }, { serviceId: { not: serviceId } }] } } } };
    const invoices = await tx.invoice.updateMany({ where: { status: "unpaid", paidAmount: 0, ...onlyThis }, data: { status: "cancelled" } });
    const proformas = await tx.proforma.updateMany({ where: { status: "unpaid", paidAmount: 0, ...onlyThis }, data: { status: "cancelled" } });
    return { invoices: invoices.count, proformas: proformas.count };
  });
}

/** Services whose scheduled cancellation date has come: terminated (the sweep's work). Returns how many. */
export async function terminateDueCancellations(ctx: BackendContext, limit = 100): Promise<number> {
  const due = await ctx.db.service.findMany({
    where: { status: { in: ["active", "suspended"] }, cancellationScheduledDate: { lte: ctx.clock.now() } },
    orderBy: { cancellationScheduledDate: "asc" },
    take: limit,
    select: { id: true },
  });
  let done = 0;
  for (const { id } of due) {
    try {
      const result = await applyLifecycleVerb(ctx, id, "terminate", { reason: "cancelled at the end of the paid period" });
      if (!result.alreadyTerminated) done++;
    } catch (error) {
      console.warn(`[services] scheduled cancellation of ${id} failed; the next sweep tries again`, error);
    }
  }
  return done;
}
