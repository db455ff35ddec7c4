import type { DbOrTx, Tx } from "@/lib/db/client";
import type { ServiceOption } from "@/lib/generated/prisma/client";
import { closeRenewalsOfEndedAddons } from "@/lib/billing/renewals/close-renewals-of-ended-service";

// The add-on rows a service holds, and the reductions an options change makes to them: shared by
// the change itself (option-changes.ts) and by its settlement after a card charge
// (settle-card-change.ts), which may run in a later request or the reconciliation sweep.

export type HeldOption = ServiceOption & { option: { id: string; name: string; pricingType: "recurring" | "one_time" } };

/** The service's add-ons that are not cancelled (active and still to pay), oldest first. */
export async function listHeldOptions(db: DbOrTx, serviceId: string): Promise<HeldOption[]> {
  return db.serviceOption.findMany({
    where: { serviceId, status: { not: "cancelled" } },
    include: { option: { select: { id: true, name: true, pricingType: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

export interface OptionsChangeResult {
  serviceId: string;
  added: { optionId: string; name: string; quantity: number; unitPrice: string; setupFee: string }[];
  increased: { optionId: string; name: string; delta: number; unitPrice: string }[];
  decreased: { optionId: string; name: string; delta: number }[];
  removed: { optionId: string; name: string; quantity: number }[];
  unchanged: { optionId: string; name: string; quantity: number }[];
  options: { id: string; optionId: string; name: string; quantity: number; status: string; unitPrice: string | null; nextDueDate: string | null }[];
  charge: {
    orderId: string;
    amount: string;
    currency: string;
    baseAmount: string;
    baseCurrency: string;
    paymentMode: string;
    paymentStatus: "paid" | "invoiced" | "failed";
    invoiceId: string | null;
    proformaId: string | null;
    reason: string | null;
  } | null;
}

export const unitOf = (row: HeldOption) => (row.amount && row.quantity > 0 ? row.amount.dividedBy(row.quantity) : null);

/** The live rows as the options change result lists them. */
export function liveOptionRows(held: HeldOption[]): OptionsChangeResult["options"] {
  return held.map((h) => ({
    id: h.id,
    optionId: h.optionId,
    name: h.option.name,
    quantity: h.quantity,
    status: h.status,
    unitPrice: unitOf(h)?.toFixed(2) ?? null,
    nextDueDate: h.nextDueDate?.toISOString() ?? null,
  }));
}

/** Decreases (newest rows first) and removals of an options change; free, immediate, not refunded. */
export async function applyReductions(tx: Tx, serviceId: string, held: HeldOption[], result: OptionsChangeResult, now: Date): Promise<void> {
  for (const d of result.decreased) await reduceHeld(tx, held.filter((h) => h.optionId === d.optionId), d.delta, now);
  for (const r of result.removed) await endHeldOptions(tx, held.filter((h) => h.optionId === r.optionId), now);
}

/** Ends add-on rows now, free and without refund (`cancelled`, termination date `now`); unpaid ones take their untouched add-on order with them. */
export async function endHeldOptions(tx: Tx, rows: HeldOption[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.serviceOption.updateMany({ where: { id: { in: rows.map((h) => h.id) }, status: { not: "cancelled" } }, data: { status: "cancelled", terminationDate: now } });
  // An own-cycle add-on may have its next period raised already: nothing more is billed for it.
  await closeRenewalsOfEndedAddons(
    tx,
    rows.map((h) => h.id),
  );
  await withdrawUnpaidAddonOrders(tx, rows.filter((h) => h.status === "pending_payment").map((h) => h.orderId));
}

/**
 * An add-on removed while still waiting for payment: when nothing else of its add-on order is left
 * to pay for, the order is cancelled with its untouched unpaid document, so no one is asked to pay
 * for what was withdrawn. A document already partly paid is left as it is.
 */
export async function withdrawUnpaidAddonOrders(tx: Tx, orderIds: (string | null)[]): Promise<void> {
  for (const orderId of new Set(orderIds.filter((id): id is string => id !== null))) {
    if (await tx.serviceOption.count({ where: { orderId, status: "pending_payment" } })) continue;
    const order = await tx.order.findUnique({ where: { id: orderId }, select: { orderType: true, status: true } });
    if (order?.orderType !== "addon" || order.status !== "invoiced") continue;
    const invoices = await tx.invoice.updateMany({ where: { orderId, status: "unpaid", paidAmount: 0 }, data: { status: "cancelled" } });
    const proformas = await tx.proforma.updateMany({ where: { orderId, status: "unpaid", paidAmount: 0 }, data: { status: "cancelled" } });
    if (invoices.count + proformas.count > 0) await tx.order.update({ where: { id: orderId }, data: { status: "cancelled" } });
  }
}

/** Takes `delta` units off the newest rows first; a row reaching zero ends today. */
async function reduceHeld(tx: Tx, rows: HeldOption[], delta: number, now: Date): Promise<void> {
  let left = delta;
  for (const row of [...rows].reverse()) {
    if (left === 0) break;
    const take = Math.min(left, row.quantity);
    left -= take;
    if (take === row.quantity) {
      await tx.serviceOption.update({ where: { id: row.id }, data: { status: "cancelled", terminationDate: now } });
    } else {
      const unit = unitOf(row);
      await tx.serviceOption.update({ where: { id: row.id }, data: { quantity: row.quantity - take, amount: unit ? unit.times(row.quantity - take) : row.amount } });
    }
  }
}
