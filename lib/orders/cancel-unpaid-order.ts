import type { Db, DbOrTx, Tx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { lockInvoice, lockProforma } from "@/lib/billing/lock-billing-document";
import { isUuid } from "@/lib/schemas/uuid";
import { ORDER_NOT_FOUND } from "./retry-order-payment";
import { releaseHeldServices } from "./saved-method";

export const ORDER_NOT_NEW = "Only an order of new services can be cancelled; an add-on or a plan change is withdrawn from its service";
export const ORDER_PAYMENT_IN_PROGRESS = "A payment of this order is in progress; wait for it to finish";
export const ORDER_NOT_WAITING = "This order is no longer waiting for payment";
export const ORDER_PART_PAID = "Part of this order is paid already, so it can no longer be cancelled; contact support";

/** Whose orders: the account the panel's signed-in customer acts for. */
export interface CancelOrderActor {
  accountId: string;
}

/** What a cancellation takes away, as the confirmation and its result name it. */
export interface CancellableOrder {
  orderId: string;
  orderNumber: string;
  services: number;
  documents: { type: "invoice" | "proforma"; id: string; number: string }[];
}

const OPEN_DOCUMENT = {
  where: { status: "unpaid" },
  orderBy: { issuedAt: "asc" },
  select: { id: true, number: true, paidAmount: true, payments: { where: { status: "processing" }, select: { id: true } } },
} as const;

const ORDER_TO_CANCEL = {
  id: true,
  orderNumber: true,
  orderType: true,
  status: true,
  services: { select: { status: true } },
  invoices: OPEN_DOCUMENT,
  proformas: OPEN_DOCUMENT,
  // A `saved_method` charge is recorded on the order itself, not on a document.
  payments: { where: { status: "processing" }, select: { id: true } },
} satisfies Prisma.OrderSelect;

type OrderToCancel = Prisma.OrderGetPayload<{ select: typeof ORDER_TO_CANCEL }>;

/** Why the order cannot be cancelled now, or null; checked in the order the refusals are answered. */
function refusal(order: OrderToCancel): DomainError | null {
  if (order.orderType !== "new") return new DomainError("invalid", ORDER_NOT_NEW);
  const documents = [...order.invoices, ...order.proformas];
  if (order.payments.length > 0 || documents.some((d) => d.payments.length > 0)) return new DomainError("conflict", ORDER_PAYMENT_IN_PROGRESS);
  const waiting = order.status === "invoiced" && documents.length > 0 && order.services.length > 0 && order.services.every((s) => s.status === "pending_payment");
  if (!waiting) return new DomainError("conflict", ORDER_NOT_WAITING);
  if (documents.some((d) => !d.paidAmount.isZero())) return new DomainError("conflict", ORDER_PART_PAID);

  return null;
}

function summary(order: OrderToCancel): CancellableOrder {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    services: order.services.length,
    documents: [...order.invoices.map((d) => ({ type: "invoice" as const, id: d.id, number: d.number })), ...order.proformas.map((d) => ({ type: "proforma" as const, id: d.id, number: d.number }))],
  };
}

/**
 * The order a panel page offers "Cancel order" for (an open document of it, or one of its services):
 * null unless it is the account's and cancelUnpaidOrder would accept it now.
 */
export async function findCancellableOrder(
  ctx: DomainContext<CancelOrderActor, DbOrTx>,
  ref: { invoiceId: string } | { proformaId: string } | { serviceId: string },
): Promise<CancellableOrder | null> {
  const [id] = Object.values(ref);
  if (!isUuid(id)) return null;
  const via: Prisma.OrderWhereInput =
    "invoiceId" in ref ? { invoices: { some: { id } } } : "proformaId" in ref ? { proformas: { some: { id } } } : { services: { some: { id } } };
  const order = await ctx.db.order.findFirst({ where: { accountId: ctx.actor.accountId, ...via }, select: ORDER_TO_CANCEL });

  return order && !refusal(order) ? summary(order) : null;
}

/**
 * The customer cancels an order of new services they have not paid (docs/orders.md "Cancelling an
 * unpaid order"): its `pending_payment` services and add-ons become `cancelled` (releasing what they
 * held against caps, as a refused charge does), its open invoice or proforma `cancelled`, the order
 * `cancelled`. Not the account's → 404; an add-on or plan change → 400; a card payment `processing`
 * on it → 409; no longer `invoiced` with every service waiting (paid, cancelled already) → 409; a
 * document partly paid → 409. One transaction; a second cancellation, at once or later, is refused.
 */
export async function cancelUnpaidOrder(ctx: DomainContext<CancelOrderActor, Db>, { orderId }: { orderId: string }): Promise<CancellableOrder> {
  if (!isUuid(orderId)) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return inTransaction(ctx.db, (tx) => cancelUnpaidOrderIn(tx, { orderId, accountId: ctx.actor.accountId }));
}

/**
 * cancelUnpaidOrder's rules and changes in the caller's transaction, for a caller that records
 * something beside them (the operator console voiding an order's document writes its audit row in
 * the same transaction). The caller has taken no lock on the order's documents or the order.
 */
export async function cancelUnpaidOrderIn(tx: Tx, { orderId, accountId }: { orderId: string; accountId: string }): Promise<CancellableOrder> {
  // The documents first, then the order: a payment locks its document and then updates the order
  // (onInvoicePaid), so the reverse could deadlock with it. A payment of the document either
  // committed before (and is seen below) or waits, then finds the document cancelled.
  await lockOpenDocuments(tx, orderId, accountId);
  // FOR NO KEY UPDATE, as every row lock of an order (docs/orders.md "Idempotency and concurrency").
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Order" WHERE "id" = ${orderId}::uuid AND "accountId" = ${accountId}::uuid FOR NO KEY UPDATE`;
  if (locked.length === 0) throw new DomainError("not_found", ORDER_NOT_FOUND);
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: ORDER_TO_CANCEL });
  const refused = refusal(order);
  if (refused) throw refused;

  await releaseHeldServices(tx, orderId);
  const untouched = { status: "unpaid", paidAmount: 0 } as const;
  await tx.invoice.updateMany({ where: { id: { in: order.invoices.map((d) => d.id) }, ...untouched }, data: { status: "cancelled" } });
  await tx.proforma.updateMany({ where: { id: { in: order.proformas.map((d) => d.id) }, ...untouched }, data: { status: "cancelled" } });
  // No order event: none exists for a cancellation (lib/webhooks/events.ts), as for a withdrawn add-on order.
  await tx.order.update({ where: { id: orderId }, data: { status: "cancelled" } });

  return summary(order);
}

/** Row locks on the order's open documents, in id order (two cancellations lock them alike); none for another account's order. */
async function lockOpenDocuments(tx: Tx, orderId: string, accountId: string): Promise<void> {
  const where = { orderId, accountId, status: "unpaid" } as const;
  for (const { id } of await tx.invoice.findMany({ where, select: { id: true }, orderBy: { id: "asc" } })) await lockInvoice(tx, id, accountId);
  for (const { id } of await tx.proforma.findMany({ where, select: { id: true }, orderBy: { id: "asc" } })) await lockProforma(tx, id, accountId);
}
