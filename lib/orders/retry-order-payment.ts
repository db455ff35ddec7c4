import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { chargeSafely, defaultGatewayResolver } from "@/lib/payments/payment-gateway";
import { assertHoldingCaps } from "@/lib/pricing";
import { requestUpgradeExecution } from "@/lib/services/changes/execute-service-upgrade";
import { reviveChangeForRetry } from "@/lib/services/changes/revive-change-for-retry";
import { chargeChangeOnCard } from "@/lib/services/changes/settle-card-change";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import type { ResellerOrderContext } from "./list-orders";
import type { OrderRunHooks } from "./order-input";
import { loadOrderRecord, type OrderRecord } from "./order-record";
import { lockBuyer } from "./order-writes";
import { activateChargedOrder, failChargedOrder, resolveSavedMethod, type SavedMethod } from "./saved-method";

export const ORDER_NOT_FOUND = "Order not found";
export const ORDER_ALREADY_PAID = "Order is already paid";
export const ORDER_INVOICED = "This order is invoiced: pay the raised document instead of retrying";
export const RETRY_IN_FLIGHT = "Another payment attempt for this order is in progress";
export const RETRY_STOREFRONT = "Storefront orders cannot be retried through the API; pay the order's document in the client panel";
export const RETRY_NOT_FAILED = "Only an order whose payment failed can be retried";

/** The context retryOrderPayment takes first: the reseller (or its customer-bound key) retrying. */
export type RetryOrderContext = ResellerOrderContext<Db> & OrderRunHooks;

export interface RetryOrderResult {
  order: OrderRecord;
  /** The services could not be created after the charge went through (HTTP 502). */
  provisioningFailed: boolean;
}

/** Why an order cannot be retried now, in the spec's order of statuses; null when it can. */
function refusal(order: { paymentMode: string | null; paymentStatus: string; status: string }): DomainError | null {
  if (order.paymentMode === "storefront") return new DomainError("conflict", RETRY_STOREFRONT);
  if (order.paymentStatus === "paid") return new DomainError("invalid", ORDER_ALREADY_PAID);
  if (order.status === "invoiced") return new DomainError("invalid", ORDER_INVOICED);
  if (order.paymentStatus === "processing") return new DomainError("conflict", RETRY_IN_FLIGHT);
  if (order.status !== "payment_failed" || order.paymentStatus !== "failed") return new DomainError("conflict", RETRY_NOT_FAILED);
  return null;
}

/**
 * POST /orders/{orderId}/retry: charges a `payment_failed` order again for the amount quoted at
 * order time (its stored total and currency, never re-converted), on `paymentMethodId` or the
 * default method. The attempt is claimed with a conditional update (`failed` → `processing`), so
 * two retries at once answer one charge and one 409. Success revives the order's services (the
 * same ids, held again against caps, which are checked before the charge), raises a paid invoice
 * and `order.paid`; a refusal answers 400 with the gateway's reason. Not the reseller's (or not the
 * bound customer's): 404.
 */
export async function retryOrderPayment(ctx: RetryOrderContext, { orderId, paymentMethodId }: { orderId: string; paymentMethodId?: string | null }): Promise<RetryOrderResult> {
  const { db, now, actor } = ctx;
  const order = await db.order.findFirst({
    where: { id: orderId, resellerId: actor.resellerId, ...(actor.boundCustomerId ? { resellerCustomerId: actor.boundCustomerId } : {}) },
    select: { id: true, accountId: true, resellerId: true, orderType: true, paymentMode: true, paymentStatus: true, status: true, total: true, currency: true, orderNumber: true },
  });
  if (!order) throw new DomainError("not_found", ORDER_NOT_FOUND);
  const refused = refusal(order);
  if (refused) throw refused;

  const method = await resolveSavedMethod(db, order.accountId, paymentMethodId ?? null, ctx.gateways ?? defaultGatewayResolver);
  if (order.orderType === "addon" || order.orderType === "upgrade") return retryChangeOrder(db, order, method, now);

  // Claim the attempt and hold the units again, under the same locks as a new order.
  const claimed = await db.$transaction(async (tx) => {
    await lockBuyer(tx, { resellerId: order.resellerId, accountId: order.accountId });
    const { count } = await tx.order.updateMany({ where: { id: order.id, status: "payment_failed", paymentStatus: "failed" }, data: { paymentStatus: "processing" } });
    if (count === 0) return null;
    const items = await tx.orderItem.findMany({ where: { orderId: order.id }, select: { productId: true, quantity: true } });
    await assertHoldingCaps(tx, { id: order.resellerId!, accountId: order.accountId }, items);
    await tx.serviceOption.updateMany({ where: { service: { orderId: order.id }, status: "cancelled" }, data: { status: "pending_payment" } });
    await tx.service.updateMany({ where: { orderId: order.id, status: "cancelled" }, data: { status: "pending_payment" } });
    const payment = await tx.payment.create({
      data: { accountId: order.accountId, orderId: order.id, paymentMethodId: method.id, method: "card", amount: order.total, currency: order.currency, status: "processing", createdAt: now },
      select: { id: true },
    });
    return payment.id;
  });
  if (!claimed) {
    const now2 = await db.order.findUniqueOrThrow({ where: { id: order.id }, select: { paymentMode: true, paymentStatus: true, status: true } });
    throw refusal(now2) ?? new DomainError("conflict", RETRY_IN_FLIGHT);
  }

  const outcome = await chargeSafely(method.gateway, {
    token: method.token,
    customer: method.customer,
    cardLastFour: method.cardLastFour,
    amount: order.total,
    currency: order.currency,
    reference: `${order.id}:${claimed}`,
    description: `Order ${order.orderNumber}`,
  });
  if (!outcome.ok) {
    await failChargedOrder(db, { orderId: order.id, paymentId: claimed, methodId: method.id, reason: outcome.reason, gatewayReference: outcome.gatewayReference, at: now });
    throw new DomainError("invalid", outcome.reason);
  }
  const activated = await activateChargedOrder(db, { orderId: order.id, paymentId: claimed, methodId: method.id, gatewayReference: outcome.gatewayReference, at: now, beforeActivate: ctx.beforeActivate });
  if (activated.serviceIds.length > 0) await (ctx.provision ?? requestProvisioning)(activated.serviceIds);
  return { order: await loadOrderRecord(db, order.id), provisioningFailed: activated.provisioningFailed };
}

/**
 * A failed add-on or plan change (reseller options PUT, change-package in `saved_method` mode):
 * the attempt is claimed the same way, the change must still apply to its service
 * (reviveChangeForRetry, 409 otherwise), then the card is charged and the change settled as on
 * its first attempt (settle-card-change.ts): applied when it goes through, 400 with the reason
 * when it is refused again.
 */
async function retryChangeOrder(db: Db, order: { id: string; accountId: string; total: Prisma.Decimal; currency: string; orderNumber: string }, method: SavedMethod, now: Date): Promise<RetryOrderResult> {
  const paymentId = await db.$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({ where: { id: order.id, status: "payment_failed", paymentStatus: "failed" }, data: { paymentStatus: "processing" } });
    if (count === 0) return null;
    await reviveChangeForRetry(tx, order.id, now);
    const payment = await tx.payment.create({
      data: { accountId: order.accountId, orderId: order.id, paymentMethodId: method.id, method: "card", amount: order.total, currency: order.currency, status: "processing", createdAt: now },
      select: { id: true },
    });
    return payment.id;
  });
  if (!paymentId) {
    const now2 = await db.order.findUniqueOrThrow({ where: { id: order.id }, select: { paymentMode: true, paymentStatus: true, status: true } });
    throw refusal(now2) ?? new DomainError("conflict", RETRY_IN_FLIGHT);
  }
  const settled = await chargeChangeOnCard(db, { orderId: order.id, paymentId, amount: order.total, currency: order.currency, method, description: `Order ${order.orderNumber}`, at: now });
  if (settled.settled && !settled.paid) throw new DomainError("invalid", settled.reason ?? "The card charge did not complete");
  await requestUpgradeExecution(settled.executing);
  return { order: await loadOrderRecord(db, order.id), provisioningFailed: false };
}
