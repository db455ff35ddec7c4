import type { Db, DbOrTx, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";
import type { GatewayResolver, PaymentGateway } from "@/lib/payments/payment-gateway";
import { roundMoney } from "@/lib/pricing";
import { refundUnbuiltService } from "@/lib/billing/refund-unbuilt-service";
import { loadOrderRecord } from "./order-record";
import { documentLines, nextDueDate, raiseOrderEvent, raisePaidInvoice } from "./order-writes";

// `saved_method` collection (reseller-api "Collection modes"): the order and its services
// (`pending_payment`, holding their units against caps) commit first; the card is charged outside
// any transaction (a gateway is a network call); a second transaction then activates the services
// or records the refusal. A charge is never inside a database transaction, and an order whose
// charge went through is never rolled back: if activation fails, the order is
// `provisioning_failed` with the payment standing (HTTP 502).

export const NO_PAYMENT_METHOD = "No saved payment method on file; add a card in the reseller portal or send paymentMethodId";
export const PAYMENT_METHOD_NOT_FOUND = "Payment method not found";

export interface SavedMethod {
  id: string;
  token: string;
  customer: string | null;
  cardLastFour: string | null;
  gateway: PaymentGateway;
}

/** The method to charge: `paymentMethodId` (must be the account's) or the default; refused before anything is written. */
export async function resolveSavedMethod(db: DbOrTx, accountId: string, paymentMethodId: string | null, gateways: GatewayResolver): Promise<SavedMethod> {
  const method = paymentMethodId
    ? isUuid(paymentMethodId)
      ? await db.paymentMethod.findFirst({ where: { id: paymentMethodId, accountId } })
      : null
    : await db.paymentMethod.findFirst({ where: { accountId }, orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }] });
  if (!method) {
    if (paymentMethodId) throw new DomainError("invalid", PAYMENT_METHOD_NOT_FOUND, { details: [{ field: "paymentMethodId", message: PAYMENT_METHOD_NOT_FOUND }] });
    throw new DomainError("invalid", NO_PAYMENT_METHOD);
  }
  const gateway = gateways(method.gateway);
  if (!gateway) throw new DomainError("unavailable", `The payment gateway '${method.gateway}' is not available`);
  return { id: method.id, token: method.gatewayToken, customer: method.gatewayCustomer, cardLastFour: method.cardLastFour, gateway };
}

/** The order event fields of a card-collected order (new services, or a change of one: settle-card-change.ts). */
export function cardOrderEventBase(order: {
  id: string;
  orderNumber: string;
  externalOrderId: string | null;
  resellerCustomer: { externalCustomerId: string } | null;
  paymentMode: string | null;
  amount: Prisma.Decimal;
  vat: Prisma.Decimal;
  total: Prisma.Decimal;
  currency: string;
}) {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    externalOrderId: order.externalOrderId,
    externalCustomerId: order.resellerCustomer?.externalCustomerId ?? null,
    paymentMode: order.paymentMode ?? "saved_method",
    amount: order.amount,
    vat: order.vat,
    total: order.total,
    currency: order.currency,
  };
}

/**
 * The charge went through: payment paid, the order's services (held `pending_payment`, or
 * `cancelled` by an earlier failed attempt) become `pending`, their add-ons `active`, a paid
 * invoice is raised (best effort) and `order.paid` is raised. If this fails the order is marked
 * `provisioning_failed` instead, the payment standing (`provisioningFailed: true`).
 */
export async function activateChargedOrder(
  db: Db,
  input: { orderId: string; paymentId: string; methodId: string; gatewayReference: string; at: Date; beforeActivate?: (orderId: string) => Promise<void> },
): Promise<{ serviceIds: string[]; invoice: { id: string; number: string } | null; provisioningFailed: boolean; alreadySettled: boolean }> {
  const { orderId, at } = input;
  try {
    return await db.$transaction(
      async (tx) => {
        // Settled exactly once: the request that charged and the reconciliation sweep may both get here.
        const claimed = await tx.payment.updateMany({
          where: { id: input.paymentId, status: "processing" },
          data: { status: "paid", gatewayReference: input.gatewayReference, failureReason: null },
        });
        if (claimed.count === 0) throw new PaymentAlreadySettled();
        await tx.paymentMethod.update({ where: { id: input.methodId }, data: { lastUsedAt: at } });
        const order = await loadOrderRecord(tx, orderId);
        for (const item of order.items) {
          await tx.service.updateMany({
            where: { orderId, orderItemId: item.id, status: { in: ["pending_payment", "cancelled"] } },
            data: { status: "pending", nextDueDate: nextDueDate(at, item.billingCycle) },
          });
          await tx.serviceOption.updateMany({
            where: { service: { orderId, orderItemId: item.id }, status: { in: ["pending_payment", "cancelled"] } },
            data: { status: "active", nextDueDate: nextDueDate(at, item.billingCycle), terminationDate: null },
          });
        }
        await input.beforeActivate?.(orderId);
        const services = await tx.service.findMany({
          where: { orderId },
          select: { id: true, status: true, orderItemId: true, amount: true, options: { select: { amount: true, setupFee: true } } },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        });
        // Per unit as quoted: Service.amount (product + datacentre), OrderItem.setupFee, and each
        // add-on's recurring amount and one-off (docs/pricing.md "The quote").
        const lines = documentLines(
          order.items.map((item) => {
            const first = services.find((s) => s.orderItemId === item.id);
            const perUnit = first ? first.options.reduce((sum, o) => sum.plus(o.amount ?? 0).plus(o.setupFee), first.amount.plus(item.setupFee)) : item.unitPrice.plus(item.setupFee);
            return {
              productName: item.product.name,
              billingCycle: item.billingCycle,
              quantity: item.quantity,
              perUnit,
              subtotal: roundMoney(perUnit.times(item.quantity), order.currency),
              hostname: item.hostname,
              options: item.options.map((o) => o.option.name),
            };
          }),
          (i) => {
            const own = services.filter((s) => s.orderItemId === order.items[i]!.id);
            return own.length === 1 ? own[0]!.id : null;
          },
        );
        const linesTotal = lines.reduce((s, l) => s.plus(l.amount), order.amount.minus(order.amount));
        const exact = linesTotal.equals(order.amount)
          ? lines
          : [{ description: `Order ${order.orderNumber}`, quantity: 1, unitAmount: order.amount, amount: order.amount, serviceId: null }];
        const invoice = await raisePaidInvoice(
          tx,
          { accountId: order.accountId, orderId, currency: order.currency, amount: order.amount, vatRate: order.vatRate, vat: order.vat, total: order.total },
          exact,
          at,
          input.paymentId,
        );
        await tx.order.update({
          where: { id: orderId },
          data: { status: "paid", paymentStatus: "paid", provisioningStatus: "pending", paymentFailedReason: null },
        });
        await raiseOrderEvent(
          tx,
          order.resellerId,
          "order.paid",
          { ...cardOrderEventBase(order), status: "paid", invoiceId: invoice?.id ?? null, services: services.map((s) => ({ serviceId: s.id, status: s.status })) },
          at,
        );
        return { serviceIds: services.filter((s) => s.status === "pending").map((s) => s.id), invoice, provisioningFailed: false, alreadySettled: false };
      },
      { maxWait: 15_000, timeout: 30_000 },
    );
  } catch (err) {
    if (err instanceof PaymentAlreadySettled) return { serviceIds: [], invoice: null, provisioningFailed: false, alreadySettled: true };
    console.error(`[orders] order ${orderId}: the charge went through but its services could not be created`, err);
    const marked = await markProvisioningFailed(db, input, err);
    return { serviceIds: [], invoice: null, provisioningFailed: marked, alreadySettled: !marked };
  }
}

/** Another settlement of the payment won (it is no longer `processing`); this one changes nothing. */
class PaymentAlreadySettled extends Error {
  constructor() {
    super("The payment was settled already");
    this.name = "PaymentAlreadySettled";
  }
}

export const SERVICES_NOT_CREATED = "The payment went through but the services could not be created";

/** Records the charged-but-not-activated outcome; false when another settlement of the payment won. */
async function markProvisioningFailed(db: Db, input: { orderId: string; paymentId: string; gatewayReference: string; at: Date }, err: unknown): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const claimed = await tx.payment.updateMany({ where: { id: input.paymentId, status: "processing" }, data: { status: "paid", gatewayReference: input.gatewayReference } });
    if (claimed.count === 0) return false;
    const unbuilt = await tx.service.findMany({ where: { orderId: input.orderId, status: { in: ["pending_payment", "cancelled"] } }, select: { id: true } });
    await tx.service.updateMany({
      where: { id: { in: unbuilt.map((s) => s.id) } },
      data: { status: "provisioning_failed", failureCode: "unknown", failureDetail: err instanceof Error ? err.message.slice(0, 2000) : String(err) },
    });
    // Services that cannot be built are refunded with their status change (docs/decisions.md#r11);
    // the payment claim above makes this happen once.
    for (const s of unbuilt) await refundUnbuiltService(tx, { serviceId: s.id, at: input.at });
    await tx.order.update({
      where: { id: input.orderId },
      data: { status: "provisioning_failed", paymentStatus: "paid", provisioningStatus: "failed", provisioningError: SERVICES_NOT_CREATED },
    });
    const order = await loadOrderRecord(tx, input.orderId);
    await raiseOrderEvent(
      tx,
      order.resellerId,
      "service.provisioning_failed",
      { ...cardOrderEventBase(order), status: "provisioning_failed", provisioningError: SERVICES_NOT_CREATED, services: order.services.map((s) => ({ serviceId: s.id, status: s.status })) },
      input.at,
    );
    return true;
  });
}

/**
 * The gateway refused: the payment is `failed` with its reason, the held services and add-ons are
 * `cancelled` (they never ran; they no longer count against caps), the order is `payment_failed`
 * and `order.payment_failed` is raised. A retry revives the same services. Returns false, changing
 * nothing, when the payment is no longer `processing` (another settlement won).
 */
export async function failChargedOrder(
  db: Db,
  input: { orderId: string; paymentId: string; methodId: string; reason: string; gatewayReference: string | null; at: Date },
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const claimed = await tx.payment.updateMany({
      where: { id: input.paymentId, status: "processing" },
      data: { status: "failed", failureReason: input.reason, gatewayReference: input.gatewayReference },
    });
    if (claimed.count === 0) return false;
    await tx.paymentMethod.update({ where: { id: input.methodId }, data: { lastUsedAt: input.at } });
    await releaseHeldServices(tx, input.orderId);
    await tx.order.update({ where: { id: input.orderId }, data: { status: "payment_failed", paymentStatus: "failed", paymentFailedReason: input.reason } });
    const order = await loadOrderRecord(tx, input.orderId);
    await raiseOrderEvent(
      tx,
      order.resellerId,
      "order.payment_failed",
      { ...cardOrderEventBase(order), status: "payment_failed", paymentError: input.reason, services: order.services.map((s) => ({ serviceId: s.id, status: s.status })) },
      input.at,
    );
    return true;
  });
}

/**
 * The order's services and add-ons still held `pending_payment` become `cancelled`: they never ran,
 * and a cancelled service no longer counts against holding caps (RELEASED_SERVICE_STATUSES). Used by
 * a refused charge and by the customer's cancellation of an unpaid order (cancel-unpaid-order.ts).
 */
export async function releaseHeldServices(tx: Tx, orderId: string): Promise<{ services: number }> {
  await tx.serviceOption.updateMany({ where: { service: { orderId }, status: "pending_payment" }, data: { status: "cancelled" } });
  const { count } = await tx.service.updateMany({ where: { orderId, status: "pending_payment" }, data: { status: "cancelled" } });

  return { services: count };
}
