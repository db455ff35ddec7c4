import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DocumentLineInput } from "@/lib/billing/create-invoice";
import { nextDueDate, raiseOrderEvent, raisePaidInvoice } from "@/lib/orders/order-writes";
import { cardOrderEventBase, type SavedMethod } from "@/lib/orders/saved-method";
import { chargeSafely } from "@/lib/payments/payment-gateway";
import { apiBillingCycle, roundMoney, ZERO } from "@/lib/pricing";
import { applyReductions, listHeldOptions, liveOptionRows, type OptionsChangeResult } from "./held-options";
import { lockService } from "./service-change-context";

// A change of a service (add-ons: orderType `addon`; plan: `upgrade`) bought in `saved_method`
// mode: the order and a `processing` card payment commit first, the card is charged outside any
// transaction, then one transaction settles the payment. The same settlement serves the request
// that charged, `POST /orders/{id}/retry` and the reconciliation sweep; claiming the payment
// (`processing` → paid/failed) makes whichever comes first the only one.
//
// Paid: the add-on rows of the order become `active` (their own cycle starting now) and the
// change's decreases and removals are applied; a plan change goes `pending` → `executing`.
// Refused: the rows are `cancelled`, a plan change `cancelled`, nothing held changes; the order is
// `payment_failed` and can be retried, which revives the same rows or plan change.

export const CARD_CHARGE_IN_PROGRESS = "A card charge for this upgrade is in progress";

const TX = { maxWait: 15_000, timeout: 30_000 };

export interface ChangeSettlement {
  /** false: another settlement of the payment won; this one changed nothing. */
  settled: boolean;
  paid: boolean;
  reason: string | null;
  /** Plan changes now `executing`: pass them to requestUpgradeExecution after the commit. */
  executing: string[];
  invoice: { id: string; number: string } | null;
}

const NOT_SETTLED: ChangeSettlement = { settled: false, paid: false, reason: null, executing: [], invoice: null };

/** The service a change order is for: its add-on rows or its plan change name it. */
export async function serviceOfChange(tx: Tx, orderId: string): Promise<string | null> {
  const row = await tx.serviceOption.findFirst({ where: { orderId }, select: { serviceId: true } });
  if (row) return row.serviceId;
  const upgrade = await tx.serviceUpgrade.findFirst({ where: { orderId }, select: { serviceId: true } });
  return upgrade?.serviceId ?? null;
}

async function loadChangeOrder(tx: Tx, orderId: string) {
  return tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      id: true,
      orderNumber: true,
      orderType: true,
      externalOrderId: true,
      accountId: true,
      resellerId: true,
      paymentMode: true,
      currency: true,
      amount: true,
      vatRate: true,
      vat: true,
      total: true,
      changeResult: true,
      resellerCustomer: { select: { externalCustomerId: true } },
    },
  });
}

type ChangeOrder = Awaited<ReturnType<typeof loadChangeOrder>>;

function eventOf(order: ChangeOrder) {
  return { ...cardOrderEventBase(order), services: [] };
}

/**
 * The paid invoice's lines: one per add-on row (first cycle and setup, as charged), or the plan
 * change; when they do not add up to the order's amount (a row changed since), one line for the
 * order, so the invoice always matches what the card paid.
 */
async function changeLines(tx: Tx, order: ChangeOrder, serviceId: string | null): Promise<DocumentLineInput[]> {
  let lines: DocumentLineInput[] = [];
  if (order.orderType === "addon") {
    const rows = await tx.serviceOption.findMany({
      where: { orderId: order.id },
      select: { quantity: true, amount: true, setupFee: true, option: { select: { name: true } }, service: { select: { billingCycle: true } } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    lines = rows.map((r) => {
      const amount = roundMoney((r.amount ?? ZERO).plus(r.setupFee), order.currency);
      return {
        description: `Add-on ${r.option.name} × ${r.quantity} (${apiBillingCycle(r.service.billingCycle)}, first cycle and setup)`,
        quantity: r.quantity,
        unitAmount: roundMoney(amount.dividedBy(r.quantity), order.currency),
        amount,
        serviceId,
      };
    });
  } else {
    const upgrade = await tx.serviceUpgrade.findFirst({ where: { orderId: order.id }, select: { daysRemaining: true, daysInCycle: true, toProductId: true } });
    if (upgrade) {
      const product = upgrade.toProductId ? await tx.product.findUnique({ where: { id: upgrade.toProductId }, select: { name: true } }) : null;
      lines = [{ description: `Plan change to ${product?.name ?? "another plan"} (${upgrade.daysRemaining}/${upgrade.daysInCycle} days)`, quantity: 1, unitAmount: order.amount, amount: order.amount, serviceId }];
    }
  }
  const total = lines.reduce((s, l) => s.plus(l.amount), ZERO);
  if (lines.length > 0 && total.equals(order.amount)) return lines;
  return [{ description: `Order ${order.orderNumber}`, quantity: 1, unitAmount: order.amount, amount: order.amount, serviceId }];
}

async function saveChangeResult(tx: Tx, order: ChangeOrder, serviceId: string, charge: Partial<NonNullable<OptionsChangeResult["charge"]>>): Promise<void> {
  if (!order.changeResult) return;
  const result = order.changeResult as unknown as OptionsChangeResult;
  if (result.charge) result.charge = { ...result.charge, ...charge };
  result.options = liveOptionRows(await listHeldOptions(tx, serviceId));
  await tx.order.update({ where: { id: order.id }, data: { changeResult: result as unknown as Prisma.InputJsonObject } });
}

export interface SettleInput {
  orderId: string;
  paymentId: string;
  methodId: string;
  gatewayReference: string | null;
  at: Date;
}

/** The card paid for the change: see the file's comment. */
export async function settleChangePaid(db: Db, input: SettleInput): Promise<ChangeSettlement> {
  const { orderId, at } = input;
  return db.$transaction(async (tx) => {
    const serviceId = await serviceOfChange(tx, orderId);
    if (serviceId) await lockService(tx, serviceId);
    const claimed = await tx.payment.updateMany({ where: { id: input.paymentId, status: "processing" }, data: { status: "paid", gatewayReference: input.gatewayReference, failureReason: null } });
    if (claimed.count === 0) return NOT_SETTLED;
    await tx.paymentMethod.update({ where: { id: input.methodId }, data: { lastUsedAt: at } });
    const order = await loadChangeOrder(tx, orderId);
    const executing: string[] = [];
    if (serviceId && order.orderType === "addon") {
      const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, select: { billingCycle: true } });
      const rows = await tx.serviceOption.findMany({ where: { orderId, status: { in: ["pending_payment", "cancelled"] } }, select: { id: true, amount: true } });
      for (const row of rows) {
        await tx.serviceOption.update({
          where: { id: row.id },
          data: { status: "active", terminationDate: null, nextDueDate: row.amount === null ? null : nextDueDate(at, service.billingCycle) },
        });
      }
      if (order.changeResult) {
        const others = (await listHeldOptions(tx, serviceId)).filter((h) => h.orderId !== orderId);
        await applyReductions(tx, serviceId, others, order.changeResult as unknown as OptionsChangeResult, at);
      }
    }
    if (serviceId && order.orderType === "upgrade") {
      for (const upgrade of await tx.serviceUpgrade.findMany({ where: { orderId, status: { in: ["pending", "cancelled"] } }, select: { id: true } })) {
        await tx.serviceUpgrade.update({ where: { id: upgrade.id }, data: { status: "executing", cancelledAt: null, updatedAt: at } });
        executing.push(upgrade.id);
      }
    }
    await tx.order.update({ where: { id: orderId }, data: { status: "paid", paymentStatus: "paid", paymentFailedReason: null, provisioningStatus: null } });
    const lines = await changeLines(tx, order, serviceId);
    const invoice = await raisePaidInvoice(
      tx,
      { accountId: order.accountId, orderId, currency: order.currency, amount: order.amount, vatRate: order.vatRate, vat: order.vat, total: order.total },
      lines,
      at,
      input.paymentId,
    );
    if (serviceId) await saveChangeResult(tx, order, serviceId, { paymentStatus: "paid", invoiceId: invoice?.id ?? null, reason: null });
    await raiseOrderEvent(tx, order.resellerId, "order.paid", { ...eventOf(order), status: "paid", invoiceId: invoice?.id ?? null }, at);
    return { settled: true, paid: true, reason: null, executing, invoice };
  }, TX);
}

/** The card refused the change (or the charge never completed): see the file's comment. */
export async function settleChangeFailed(db: Db, input: SettleInput & { reason: string }): Promise<ChangeSettlement> {
  const { orderId, at } = input;
  return db.$transaction(async (tx) => {
    const serviceId = await serviceOfChange(tx, orderId);
    if (serviceId) await lockService(tx, serviceId);
    const claimed = await tx.payment.updateMany({ where: { id: input.paymentId, status: "processing" }, data: { status: "failed", failureReason: input.reason, gatewayReference: input.gatewayReference } });
    if (claimed.count === 0) return NOT_SETTLED;
    await tx.paymentMethod.update({ where: { id: input.methodId }, data: { lastUsedAt: at } });
    await tx.serviceOption.updateMany({ where: { orderId, status: "pending_payment" }, data: { status: "cancelled", terminationDate: at } });
    await tx.serviceUpgrade.updateMany({ where: { orderId, status: "pending" }, data: { status: "cancelled", cancelledAt: at, updatedAt: at } });
    await tx.order.update({ where: { id: orderId }, data: { status: "payment_failed", paymentStatus: "failed", paymentFailedReason: input.reason } });
    const order = await loadChangeOrder(tx, orderId);
    if (serviceId) await saveChangeResult(tx, order, serviceId, { paymentStatus: "failed", reason: input.reason });
    await raiseOrderEvent(tx, order.resellerId, "order.payment_failed", { ...eventOf(order), status: "payment_failed", paymentError: input.reason }, at);
    return { settled: true, paid: false, reason: input.reason, executing: [], invoice: null };
  }, TX);
}

/** Charges the card for a change's `processing` payment, outside any transaction, and settles it. */
export async function chargeChangeOnCard(
  db: Db,
  input: { orderId: string; paymentId: string; amount: Prisma.Decimal; currency: string; method: SavedMethod; description: string; at: Date },
): Promise<ChangeSettlement> {
  const { method } = input;
  const outcome = await chargeSafely(method.gateway, {
    token: method.token,
    customer: method.customer,
    cardLastFour: method.cardLastFour,
    amount: input.amount,
    currency: input.currency,
    reference: `${input.orderId}:${input.paymentId}`,
    description: input.description,
  });
  const settle = { orderId: input.orderId, paymentId: input.paymentId, methodId: method.id, gatewayReference: outcome.gatewayReference, at: input.at };
  return outcome.ok ? settleChangePaid(db, settle) : settleChangeFailed(db, { ...settle, reason: outcome.reason });
}
