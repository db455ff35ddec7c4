import type { Tx } from "@/lib/db/client";
import { applyPaidServiceChange } from "@/lib/services/changes/apply-paid-service-change";
import { loadOrderRecord } from "./order-record";
import { nextDueDate, raiseOrderEvent } from "./order-writes";

export interface ActivatedOrder {
  /** false: the order was not waiting for its document (already paid, or never invoiced); nothing changed. */
  activated: boolean;
  /** Services to build: pass them to requestProvisioning after the transaction commits. */
  serviceIds: string[];
}

/**
 * The document of an `invoiced` order was paid (from credit, by auto-credit, by an operator): call
 * this in the transaction that records the payment. The order becomes `paid`, its
 * `pending_payment` services `pending` (their cycle starting at `at`) and their add-ons `active`,
 * and the reseller gets `order.paid` (reseller API and storefront orders). Conditional on the order
 * still being `invoiced`, so paying twice, or two payers at once, activate it once.
 */
export async function activatePaidOrder(tx: Tx, input: { orderId: string; invoiceId?: string | null; at: Date }): Promise<ActivatedOrder> {
  const { orderId, at } = input;
  const { count } = await tx.order.updateMany({
    where: { id: orderId, status: "invoiced", paymentStatus: "pending" },
    data: { status: "paid", paymentStatus: "paid", provisioningStatus: "pending" },
  });
  if (count === 0) return { activated: false, serviceIds: [] };
  const order = await loadOrderRecord(tx, orderId);
  // Add-on and plan-change orders bought nothing new: their add-ons and upgrades follow (lib/services/changes).
  if (order.orderType === "addon" || order.orderType === "upgrade") await applyPaidServiceChange(tx, orderId, at);
  for (const item of order.items) {
    const due = nextDueDate(at, item.billingCycle);
    await tx.service.updateMany({ where: { orderId, orderItemId: item.id, status: "pending_payment" }, data: { status: "pending", nextDueDate: due } });
    await tx.serviceOption.updateMany({ where: { service: { orderId, orderItemId: item.id }, status: "pending_payment" }, data: { status: "active", nextDueDate: due } });
  }
  const services = await tx.service.findMany({ where: { orderId }, select: { id: true, status: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  await raiseOrderEvent(
    tx,
    order.resellerId,
    "order.paid",
    {
      orderId,
      orderNumber: order.orderNumber,
      externalOrderId: order.externalOrderId,
      externalCustomerId: order.resellerCustomer?.externalCustomerId ?? null,
      status: "paid",
      paymentMode: order.paymentMode ?? "invoice",
      amount: order.amount,
      vat: order.vat,
      total: order.total,
      currency: order.currency,
      invoiceId: input.invoiceId ?? order.invoices.at(-1)?.id ?? null,
      services: services.map((s) => ({ serviceId: s.id, status: s.status })),
    },
    at,
  );
  return { activated: true, serviceIds: services.filter((s) => s.status === "pending").map((s) => s.id) };
}
