import { DomainError } from "@/lib/errors/domain-error";
import type { OrderStatus, OrderType, PaymentStatus, ServiceStatus } from "@/lib/generated/prisma/client";
import { ORDER_NOT_NEW, ORDER_PAYMENT_IN_PROGRESS } from "@/lib/orders/cancel-unpaid-order";

export const ORDER_ALREADY_CANCELLED = "This order is cancelled already.";
export const ORDER_STILL_PLACING = "This order is waiting for its payment to settle: cancel it once it is paid, invoiced or its charge has failed.";
export const ORDER_SERVICE_INSTALLING = "A service of this order is being set up: wait until it is ready or its setup has failed.";
export const ORDER_DELIVERED = "Services of this order have been delivered: terminate them on their pages, and refund the invoice if the customer is owed money.";

/** The services an operator's cancellation stops and refunds: never delivered (or cancelled already). */
export const UNDELIVERED_STATUSES: readonly ServiceStatus[] = ["pending", "provisioning_failed", "cancelled"];

/** How an order is cancelled: its documents voided (unpaid), closed (a refused charge), or its paid services stopped and refunded. */
export type OperatorCancelMode = "unpaid" | "payment_failed" | "paid";

export interface CancelCandidate {
  orderType: OrderType;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  services: { status: ServiceStatus }[];
  payments: { status: PaymentStatus }[];
}

/**
 * Which way the operator's "Cancel order" goes for an order in this state, or the refusal it answers
 * (docs/operator-console.md "Orders"). Read by the order page to offer the button and again by
 * cancelOrderWithRefund under the order's lock.
 */
export function operatorCancelMode(order: CancelCandidate): OperatorCancelMode | DomainError {
  if (order.status === "cancelled") return new DomainError("conflict", ORDER_ALREADY_CANCELLED);
  if (order.orderType !== "new") return new DomainError("invalid", ORDER_NOT_NEW);
  if (order.paymentStatus === "processing" || order.payments.some((p) => p.status === "processing")) return new DomainError("conflict", ORDER_PAYMENT_IN_PROGRESS);
  if (order.status === "invoiced") return "unpaid";
  if (order.status === "payment_failed") return "payment_failed";
  if (order.status === "pending") return new DomainError("conflict", ORDER_STILL_PLACING);
  if (order.services.some((s) => s.status === "installing")) return new DomainError("conflict", ORDER_SERVICE_INSTALLING);
  if (order.services.some((s) => !UNDELIVERED_STATUSES.includes(s.status))) return new DomainError("conflict", ORDER_DELIVERED);
  return "paid";
}

/** The refusal only, for a page deciding whether to offer the action. */
export function operatorCancelRefusal(order: CancelCandidate): DomainError | null {
  const mode = operatorCancelMode(order);
  return mode instanceof DomainError ? mode : null;
}
