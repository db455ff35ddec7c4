import { z } from "zod";
import { recordAuditEntry } from "@/lib/audit/record-audit-entry";
import type { BillingDocumentType } from "@/lib/billing/billing-errors";
import { lockInvoice, lockProforma } from "@/lib/billing/lock-billing-document";
import type { Db, Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { cancelUnpaidOrderIn, ORDER_NOT_NEW, ORDER_PART_PAID, ORDER_PAYMENT_IN_PROGRESS, type CancellableOrder } from "@/lib/orders/cancel-unpaid-order";
import { parseInput, zText } from "../form-input";
import type { OperatorContext } from "../operator-context";
import { documentRef, findDocumentOrThrow } from "./admin-document";

export const VOID_REASON_MAX = 200;
export const ONLY_UNPAID_VOIDED = "Only an unpaid document can be voided.";
export const RENEWAL_NOT_VOIDED = "This document bills a renewal; voiding it would leave the period unbilled. Record its payment, or terminate the service on its page.";

const FIELDS = z.object({ reason: zText("reason", VOID_REASON_MAX) });

export interface VoidedDocument {
  type: BillingDocumentType;
  id: string;
  number: string;
  /** The unpaid new order cancelled with it (cancelUnpaidOrder's rules), if the document was an order's. */
  order: CancellableOrder | null;
}

/**
 * The operator voids an unpaid invoice or proforma (status `cancelled`) for a reason. A document of
 * an order of new services is voided by cancelling the order with cancelUnpaidOrder's rules and
 * changes (its services, add-ons and open documents cancelled; refused when part is paid, a card
 * payment is in flight or the order no longer waits for payment); a document of an add-on, plan
 * change or renewal order, or of a service's renewal, is refused (voiding it would strand what it
 * bills). Any other unpaid document with nothing paid on it and no card charge in flight is
 * cancelled under its lock. The audit row in the same transaction; a second void is refused.
 */
export async function voidDocument(ctx: OperatorContext<Db>, input: { type: BillingDocumentType; id: string; reason: string }): Promise<VoidedDocument> {
  const { db, now, actor } = ctx;
  const { reason } = parseInput(FIELDS, input);
  const { type, id } = input;
  const found = await findDocumentOrThrow(db, { type, id });

  return inTransaction(db, async (tx) => {
    const order = found.orderId ? await tx.order.findUniqueOrThrow({ where: { id: found.orderId }, select: { id: true, orderType: true } }) : null;
    let cancelled: CancellableOrder | null = null;
    if (order) {
      if (order.orderType === "renewal") throw new DomainError("invalid", RENEWAL_NOT_VOIDED);
      if (order.orderType !== "new") throw new DomainError("invalid", ORDER_NOT_NEW);
      await refuseUnlessUnpaid(tx, type, id);
      cancelled = await cancelUnpaidOrderIn(tx, { orderId: order.id, accountId: found.accountId });
      // The order's rules cancel its open documents; this one must be among them.
      if ((await statusOf(tx, type, id)) !== "cancelled") throw new DomainError("conflict", ONLY_UNPAID_VOIDED);
    } else {
      const doc = type === "invoice" ? await lockInvoice(tx, id, found.accountId) : await lockProforma(tx, id, found.accountId);
      if (doc.status !== "unpaid") throw new DomainError("conflict", ONLY_UNPAID_VOIDED);
      const renewals = await Promise.all([tx.serviceRenewal.count({ where: documentRef(type, id) }), tx.serviceOptionRenewal.count({ where: documentRef(type, id) })]);
      if (renewals[0] + renewals[1] > 0) throw new DomainError("invalid", RENEWAL_NOT_VOIDED);
      if ((await tx.payment.count({ where: { ...documentRef(type, id), status: "processing" } })) > 0) throw new DomainError("conflict", ORDER_PAYMENT_IN_PROGRESS);
      if (!doc.paidAmount.isZero()) throw new DomainError("conflict", ORDER_PART_PAID);
      if (type === "invoice") await tx.invoice.update({ where: { id }, data: { status: "cancelled" } });
      else await tx.proforma.update({ where: { id }, data: { status: "cancelled" } });
    }
    await recordAuditEntry(tx, {
      actorUserId: actor.userId,
      action: "invoice.voided",
      accountId: found.accountId,
      targetType: type,
      targetId: id,
      details: { kind: type, number: found.number, reason, orderNumber: cancelled?.orderNumber ?? null, servicesCancelled: cancelled?.services ?? 0 },
      ip: actor.ip,
      at: now,
    });
    return { type, id, number: found.number, order: cancelled };
  });
}

async function statusOf(tx: Tx, type: BillingDocumentType, id: string): Promise<string> {
  const select = { status: true } as const;
  const row = type === "invoice" ? await tx.invoice.findUniqueOrThrow({ where: { id }, select }) : await tx.proforma.findUniqueOrThrow({ where: { id }, select });
  return row.status;
}

/** A paid, converted or cancelled document is refused in the console's words before the order's rules answer in the customer's. */
async function refuseUnlessUnpaid(tx: Tx, type: BillingDocumentType, id: string): Promise<void> {
  if ((await statusOf(tx, type, id)) !== "unpaid") throw new DomainError("conflict", ONLY_UNPAID_VOIDED);
}
