import { z } from "zod";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import { refundUnbuiltService } from "@/lib/billing/refund-unbuilt-service";
import type { Db, Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { cancelUnpaidOrderIn } from "@/lib/orders/cancel-unpaid-order";
import { ORDER_NOT_FOUND } from "@/lib/orders/retry-order-payment";
import { isUuid } from "@/lib/schemas/uuid";
import { parseInput, zText } from "../form-input";
import type { OperatorContext } from "../operator-context";
import { operatorCancelMode, type OperatorCancelMode } from "./operator-cancel-refusal";

export const CANCEL_REASON_MAX = 200;
export const ORDER_CHANGED = "This order changed meanwhile: reload the page and look again.";

const FIELDS = z.object({ reason: zText("reason", CANCEL_REASON_MAX) });

export interface CancelledOrder {
  orderId: string;
  orderNumber: string;
  mode: OperatorCancelMode;
  /** Services this cancellation stopped (not counting those cancelled before). */
  services: number;
  /** Credit given back by this cancellation (0 when nothing was paid or it was refunded before). */
  refunded: Prisma.Decimal;
  currency: string;
  /** Money that could not go back to credit automatically (paid in another currency): the operator refunds it by hand. */
  byHand: string | null;
}

const PLAN = {
  id: true,
  orderNumber: true,
  accountId: true,
  currency: true,
  orderType: true,
  status: true,
  paymentStatus: true,
  services: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, name: true, hostname: true, status: true } },
  payments: { select: { status: true } },
} as const satisfies Prisma.OrderSelect;

/**
 * The operator cancels an order (docs/operator-console.md "Orders"), with the reason and the audit
 * row in the same transaction as everything it changes:
 * - waiting for payment: the customer's own cancellation (cancelUnpaidOrderIn): its documents and
 *   waiting services cancelled; nothing was paid, nothing is refunded;
 * - its charge was refused: closed for good (no more retries), its services are cancelled already;
 * - paid, with no service delivered (each still to be built, or its build failed): those services
 *   `cancelled` (a build asked for meanwhile finds them so and stops), each refunded to credit once
 *   (refundUnbuiltService: a failed build refunded before gets nothing more), the paid invoice
 *   `refunded` when everything paid came back, the order `cancelled`.
 * Refused, writing nothing: cancelled already, an add-on or plan change, a charge in flight, a
 * service being set up or delivered (terminate those on their pages), a blank reason.
 */
export async function cancelOrderWithRefund(ctx: OperatorContext<Db>, input: { orderId: string; reason: string }): Promise<CancelledOrder> {
  const { db, now, actor } = ctx;
  const { reason } = parseInput(FIELDS, input);
  const found = isUuid(input.orderId) ? await db.order.findUnique({ where: { id: input.orderId }, select: { id: true, accountId: true } }) : null;
  if (!found) throw new DomainError("not_found", ORDER_NOT_FOUND);

  return inTransaction(db, async (tx) => {
    let result: CancelledOrder;
    const before = await tx.order.findUniqueOrThrow({ where: { id: found.id }, select: PLAN });
    const mode = operatorCancelMode(before);
    if (mode instanceof DomainError) throw mode;
    if (mode === "unpaid") {
      // Locks the documents, then the order, and checks again, as the customer's cancellation does.
      const cancelled = await cancelUnpaidOrderIn(tx, { orderId: found.id, accountId: found.accountId });
      result = { orderId: found.id, orderNumber: cancelled.orderNumber, mode, services: cancelled.services, refunded: new Prisma.Decimal(0), currency: before.currency, byHand: null };
    } else {
      await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${found.id}::uuid FOR NO KEY UPDATE`;
      const order = await tx.order.findUniqueOrThrow({ where: { id: found.id }, select: PLAN });
      const again = operatorCancelMode(order);
      if (again instanceof DomainError) throw again;
      if (again !== mode) throw new DomainError("conflict", ORDER_CHANGED);
      result = mode === "payment_failed" ? await closeRefusedOrder(tx, order) : await cancelPaidOrder(tx, order, { reason, now });
    }

    await recordAuditEntry(tx, {
      actorUserId: actor.userId,
      action: "order.cancelled",
      accountId: found.accountId,
      targetType: "order",
      targetId: found.id,
      details: { number: result.orderNumber, mode, services: result.services, refunded: result.refunded.toFixed(2), currency: result.currency, byHand: result.byHand, reason },
      ip: actor.ip,
      at: now,
    });
    return result;
  });
}

type PlannedOrder = Prisma.OrderGetPayload<{ select: typeof PLAN }>;

async function closeRefusedOrder(tx: Tx, order: PlannedOrder): Promise<CancelledOrder> {
  const { count } = await tx.order.updateMany({ where: { id: order.id, status: "payment_failed", paymentStatus: "failed" }, data: { status: "cancelled" } });
  if (count !== 1) throw new DomainError("conflict", ORDER_CHANGED);
  return { orderId: order.id, orderNumber: order.orderNumber, mode: "payment_failed", services: 0, refunded: new Prisma.Decimal(0), currency: order.currency, byHand: null };
}

async function cancelPaidOrder(tx: Tx, order: PlannedOrder, { reason, now }: { reason: string; now: Date }): Promise<CancelledOrder> {
  const stopped = order.services.filter((s) => s.status !== "cancelled");
  let refunded = new Prisma.Decimal(0);
  const byHand: string[] = [];
  for (const service of stopped) {
    // Conditional on the state read under the order's lock: a build that claimed the service meanwhile wins, and nothing is written.
    const { count } = await tx.service.updateMany({ where: { id: service.id, status: service.status }, data: { status: "cancelled" } });
    if (count !== 1) throw new DomainError("conflict", ORDER_CHANGED);
    await tx.serviceOption.updateMany({ where: { serviceId: service.id, status: { not: "cancelled" } }, data: { status: "cancelled" } });
    const refund = await refundUnbuiltService(tx, { serviceId: service.id, at: now, cause: { kind: "order_cancelled", orderNumber: order.orderNumber, reason } });
    if (refund.refunded) refunded = refunded.plus(refund.amount);
    else if (refund.reason === "currency" && refund.detail) byHand.push(`${service.hostname ?? service.name}: ${refund.detail}`);
  }

  // The paid invoice says "refunded" once every paid amount of the order came back (now or when a build failed).
  const [back, paid] = await Promise.all([
    tx.creditLedgerEntry.aggregate({ where: { orderId: order.id, kind: "refund", serviceId: { not: null } }, _sum: { amount: true } }),
    tx.invoice.aggregate({ where: { orderId: order.id, status: "paid" }, _sum: { paidAmount: true } }),
  ]);
  const paidSum = paid._sum.paidAmount ?? new Prisma.Decimal(0);
  if (paidSum.gt(0) && (back._sum.amount ?? new Prisma.Decimal(0)).gte(paidSum)) {
    await tx.invoice.updateMany({ where: { orderId: order.id, status: "paid" }, data: { status: "refunded" } });
  }
  await tx.order.update({ where: { id: order.id }, data: { status: "cancelled" } });

  return { orderId: order.id, orderNumber: order.orderNumber, mode: "paid", services: stopped.length, refunded, currency: order.currency, byHand: byHand.length ? byHand.join("; ") : null };
}
