import type { Db } from "@/lib/db/client";
import { settleDocumentCardPayment, type CardDocument } from "@/lib/billing/pay-document-by-card";
import { defaultGatewayResolver, type ChargeLookup, type GatewayResolver } from "@/lib/payments/payment-gateway";
import { requestUpgradeExecution } from "@/lib/services/changes/execute-service-upgrade";
import { settleChangeFailed, settleChangePaid } from "@/lib/services/changes/settle-card-change";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import { activateChargedOrder, failChargedOrder } from "./saved-method";

// A card charge runs between two transactions (docs/orders.md "saved_method and the 502"): if the
// process stops after the first one committed, the payment and its order stay `processing` and a
// retry answers 409 for ever. This sweep asks the gateway what became of such charges and settles
// each one through the same functions the request would have used, which claim the payment
// (`processing` → paid/failed) so the request and the sweep can never both settle it.

/** How long a charge may stay `processing` before the gateway is asked: far beyond any charge call. */
export const PROCESSING_TIMEOUT_MS = 10 * 60_000;
/** Payments looked at per run; the rest wait for the next run. */
export const RECONCILE_BATCH = 50;

/** Sentence recorded when the gateway never received the charge: nothing was taken, the reseller may retry. */
export const CHARGE_NOT_COMPLETED = "The payment was interrupted before the card was charged; retry the order";

export interface ReconcileResult {
  /** Payments old enough that were asked about. */
  checked: number;
  paid: number;
  failed: number;
  /** Still processing at the gateway, or the gateway could not be asked: next run. */
  pending: number;
  /** Settled meanwhile by someone else (the request finishing late, another run). */
  skipped: number;
}

export interface ReconcileOptions {
  db: Db;
  now: Date;
  gateways?: GatewayResolver;
  provision?: (serviceIds: readonly string[]) => Promise<unknown>;
  executeUpgrades?: (upgradeIds: readonly string[]) => Promise<unknown>;
}

/**
 * Settles card payments left `processing` for longer than PROCESSING_TIMEOUT_MS, oldest first:
 * the gateway's `succeeded` activates the order (services `pending`, paid invoice, `order.paid`,
 * provisioning requested) or, for an add-on or plan-change order, applies the change; `failed` records the refusal (`order.payment_failed`, services
 * `cancelled`, retry possible); `not_found` (the charge never reached the gateway) fails the
 * payment with CHARGE_NOT_COMPLETED; `pending`, a gateway that cannot be asked or a method whose
 * gateway is not registered leave it for the next run.
 */
export async function reconcileCardPayments(options: ReconcileOptions): Promise<ReconcileResult> {
  const { db, now } = options;
  const gateways = options.gateways ?? defaultGatewayResolver;
  const payments = await db.payment.findMany({
    where: {
      status: "processing",
      method: "card",
      OR: [{ orderId: { not: null } }, { invoiceId: { not: null } }, { proformaId: { not: null } }],
      createdAt: { lte: new Date(now.getTime() - PROCESSING_TIMEOUT_MS) },
    },
    select: {
      id: true,
      accountId: true,
      orderId: true,
      invoiceId: true,
      proformaId: true,
      order: { select: { orderType: true } },
      paymentMethod: { select: { id: true, gateway: true, gatewayToken: true, cardLastFour: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: RECONCILE_BATCH,
  });

  const result: ReconcileResult = { checked: payments.length, paid: 0, failed: 0, pending: 0, skipped: 0 };
  for (const payment of payments) {
    const method = payment.paymentMethod;
    const gateway = method ? gateways(method.gateway) : null;
    if (!method || !gateway) {
      console.warn(`[orders] payment ${payment.id} is processing but its gateway is not available; left for an operator`);
      result.pending += 1;
      continue;
    }
    // A document's own card payment (a renewal: pay-document-by-card.ts) has no order; its charge is referenced by the document.
    const doc: CardDocument | null = payment.orderId
      ? null
      : payment.invoiceId
        ? { type: "invoice", id: payment.invoiceId, accountId: payment.accountId }
        : { type: "proforma", id: payment.proformaId!, accountId: payment.accountId };
    const orderId = payment.orderId ?? "";
    let answer: ChargeLookup;
    try {
      answer = await gateway.lookup({ reference: `${doc ? doc.id : orderId}:${payment.id}`, token: method.gatewayToken, cardLastFour: method.cardLastFour });
    } catch (err) {
      console.warn(`[orders] gateway ${gateway.name} could not be asked about payment ${payment.id}; next run`, err);
      result.pending += 1;
      continue;
    }

    const change = payment.order?.orderType === "addon" || payment.order?.orderType === "upgrade";
    if (answer.status === "pending") {
      result.pending += 1;
    } else if (doc) {
      const settled = await settleDocumentCardPayment(db, {
        doc,
        paymentId: payment.id,
        methodId: method.id,
        at: now,
        outcome:
          answer.status === "succeeded"
            ? { ok: true, gatewayReference: answer.gatewayReference }
            : { ok: false, reason: answer.status === "failed" ? answer.reason : CHARGE_NOT_COMPLETED, gatewayReference: answer.status === "failed" ? answer.gatewayReference : null },
      });
      if (settled.status === "paid") result.paid += 1;
      else if (settled.status === "failed") result.failed += 1;
      else result.skipped += 1;
      if (settled.status === "paid" && settled.releasedServiceIds.length > 0) await (options.provision ?? requestProvisioning)(settled.releasedServiceIds);
    } else if (change) {
      // Add-ons and plan changes settle the change itself (settle-card-change.ts), not new services.
      const settle = { orderId, paymentId: payment.id, methodId: method.id, at: now };
      const settled =
        answer.status === "succeeded"
          ? await settleChangePaid(db, { ...settle, gatewayReference: answer.gatewayReference })
          : await settleChangeFailed(db, { ...settle, gatewayReference: answer.status === "failed" ? answer.gatewayReference : null, reason: answer.status === "failed" ? answer.reason : CHARGE_NOT_COMPLETED });
      if (!settled.settled) result.skipped += 1;
      else if (settled.paid) result.paid += 1;
      else result.failed += 1;
      if (settled.executing.length > 0) await (options.executeUpgrades ?? requestUpgradeExecution)(settled.executing);
    } else if (answer.status === "succeeded") {
      const activated = await activateChargedOrder(db, { orderId, paymentId: payment.id, methodId: method.id, gatewayReference: answer.gatewayReference, at: now });
      if (activated.alreadySettled) {
        result.skipped += 1;
        continue;
      }
      result.paid += 1;
      if (activated.serviceIds.length > 0) await (options.provision ?? requestProvisioning)(activated.serviceIds);
    } else {
      const reason = answer.status === "failed" ? answer.reason : CHARGE_NOT_COMPLETED;
      const gatewayReference = answer.status === "failed" ? answer.gatewayReference : null;
      const settled = await failChargedOrder(db, { orderId, paymentId: payment.id, methodId: method.id, reason, gatewayReference, at: now });
      if (settled) result.failed += 1;
      else result.skipped += 1;
    }
  }
  return result;
}
