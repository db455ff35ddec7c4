import type { Db } from "@/lib/db/client";
import { paymentReference } from "@/lib/billing/card-payments/payment-reference";
import type { CardGateway } from "@/lib/payments/card-gateway";
import { defaultGatewayResolver, type ChargeLookup, type GatewayResolver } from "@/lib/payments/payment-gateway";
import { SETTLE_PAYMENT_SELECT, settlePaymentOutcome } from "./settle-payment-outcome";

export { CHARGE_NOT_COMPLETED } from "./settle-payment-outcome";

// A card charge runs between two transactions (docs/orders.md "saved_method and the 502"): if the
// process stops after the first one committed, the payment and its order stay `processing` and a
// retry answers 409 for ever. This sweep asks the gateway what became of such charges and settles
// each one through the same functions the request would have used, which claim the payment
// (`processing` → paid/failed) so the request and the sweep can never both settle it.

/** How long a charge may stay `processing` before the gateway is asked: far beyond any charge call. */
export const PROCESSING_TIMEOUT_MS = 10 * 60_000;
/** Payments looked at per run; the rest wait for the next run. */
export const RECONCILE_BATCH = 50;

/** A payment waiting for its holder's 3-D Secure answer this long is given up (the holder left the challenge). */
export const ABANDONED_CHALLENGE_MS = 24 * 60 * 60_000;
export const CHALLENGE_ABANDONED = "The card's authentication was not completed";

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
      OR: [{ orderId: { not: null } }, { invoiceId: { not: null } }, { proformaId: { not: null } }, { purpose: "top_up" }],
      createdAt: { lte: new Date(now.getTime() - PROCESSING_TIMEOUT_MS) },
    },
    select: {
      ...SETTLE_PAYMENT_SELECT,
      gatewayReference: true,
      actionUrl: true,
      createdAt: true,
      paymentMethod: { select: { id: true, gateway: true, gatewayToken: true, gatewayCustomer: true, cardLastFour: true } },
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
    let answer: ChargeLookup;
    try {
      answer = await gateway.lookup({ reference: paymentReference(payment), token: method.gatewayToken, cardLastFour: method.cardLastFour, gatewayReference: payment.gatewayReference });
    } catch (err) {
      console.warn(`[orders] gateway ${gateway.name} could not be asked about payment ${payment.id}; next run`, err);
      result.pending += 1;
      continue;
    }

    if (answer.status === "pending" && payment.actionUrl && now.getTime() - payment.createdAt.getTime() >= ABANDONED_CHALLENGE_MS) {
      // The holder never came back from the challenge: it is cancelled at the gateway (so a late answer
      // cannot take money for a failed payment) and the attempt fails; the document can be paid again.
      try {
        if (payment.gatewayReference && "cancel" in gateway) await (gateway as CardGateway).cancel(payment.gatewayReference);
        answer = { status: "failed", code: "declined", reason: CHALLENGE_ABANDONED, gatewayReference: payment.gatewayReference };
      } catch (err) {
        console.warn(`[payments] payment ${payment.id}'s challenge could not be cancelled; asked again next run`, err);
      }
    }
    if (answer.status === "pending") {
      result.pending += 1;
      continue;
    }
    const settled = await settlePaymentOutcome(payment, answer, options);
    if (settled === "paid") result.paid += 1;
    else if (settled === "failed") result.failed += 1;
    else result.skipped += 1;
  }
  return result;
}
