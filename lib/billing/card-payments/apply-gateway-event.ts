import type { Db } from "@/lib/db/client";
import type { GatewayEvent } from "@/lib/payments/card-gateway";
import { SETTLE_PAYMENT_SELECT, settlePaymentOutcome, type SettleOptions } from "@/lib/orders/settle-payment-outcome";
import { paymentIdOfReference, paymentReference } from "./payment-reference";

export type GatewayEventResult = "settled" | "already_settled" | "ignored" | "unknown_payment";

/**
 * A verified webhook's news about a payment: settled through settlePaymentOutcome like the
 * request, the return from 3-D Secure and the sweep, so it acts only when it is the first to know.
 * The payment must be the one the reference names, charged through this gateway, with the same
 * reference (a reference of another installation, or forged, changes nothing).
 */
export async function applyGatewayEvent(db: Db, gatewayName: string, event: GatewayEvent, options: { now: Date; provision?: SettleOptions["provision"] }): Promise<GatewayEventResult> {
  if (event.kind !== "payment") return "ignored";
  const paymentId = paymentIdOfReference(event.reference);
  if (!paymentId) return "unknown_payment";
  const payment = await db.payment.findFirst({
    where: { id: paymentId, method: "card", paymentMethod: { gateway: gatewayName } },
    select: { ...SETTLE_PAYMENT_SELECT, status: true },
  });
  if (!payment || paymentReference(payment) !== event.reference) return "unknown_payment";
  if (payment.status !== "processing" || event.outcome.status === "pending") return payment.status === "processing" ? "ignored" : "already_settled";
  const settled = await settlePaymentOutcome(payment, event.outcome, { db, now: options.now, provision: options.provision });
  return settled === "skipped" ? "already_settled" : "settled";
}
