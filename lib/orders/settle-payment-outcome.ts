import type { Db } from "@/lib/db/client";
import { settleDocumentCardPayment } from "@/lib/billing/pay-document-by-card";
import { settleTopUp } from "@/lib/billing/card-payments/settle-top-up";
import type { ChargeLookup } from "@/lib/payments/payment-gateway";
import type { PaymentPurpose } from "@/lib/generated/prisma/client";
import { requestUpgradeExecution } from "@/lib/services/changes/execute-service-upgrade";
import { settleChangeFailed, settleChangePaid } from "@/lib/services/changes/settle-card-change";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import { activateChargedOrder, failChargedOrder } from "./saved-method";

/** Sentence recorded when the gateway never received the charge: nothing was taken, the reseller may retry. */
export const CHARGE_NOT_COMPLETED = "The payment was interrupted before the card was charged; retry the order";

/** What settling needs to know of a `processing` card payment. */
export const SETTLE_PAYMENT_SELECT = {
  id: true,
  accountId: true,
  purpose: true,
  orderId: true,
  invoiceId: true,
  proformaId: true,
  paymentMethodId: true,
  order: { select: { orderType: true } },
} as const;

export interface PaymentToSettle {
  id: string;
  accountId: string;
  purpose: PaymentPurpose;
  orderId: string | null;
  invoiceId: string | null;
  proformaId: string | null;
  paymentMethodId: string | null;
  order: { orderType: string } | null;
}

export interface SettleOptions {
  db: Db;
  now: Date;
  provision?: (serviceIds: readonly string[]) => Promise<unknown>;
  executeUpgrades?: (upgradeIds: readonly string[]) => Promise<unknown>;
}

/**
 * The one place a card payment's final answer is recorded, whoever learnt it: the request that
 * charged, the browser back from 3-D Secure, the gateway's webhook or the reconciliation sweep.
 * By purpose: an order activates (services pending, paid invoice, `order.paid`, provisioning) or
 * records the refusal; an add-on or plan-change order applies the change; a document is paid (a
 * proforma becomes an invoice); a top-up posts its credit. Each path claims the payment
 * (`processing` → paid/failed) in its transaction, so only the first caller acts: "skipped" for the
 * others. `not_found` (the gateway never received the charge) fails it with CHARGE_NOT_COMPLETED.
 */
export async function settlePaymentOutcome(
  payment: PaymentToSettle,
  answer: Exclude<ChargeLookup, { status: "pending" }>,
  options: SettleOptions,
): Promise<"paid" | "failed" | "skipped"> {
  const { db, now } = options;
  const provision = options.provision ?? requestProvisioning;
  const succeeded = answer.status === "succeeded";
  const gatewayReference = answer.status === "succeeded" || answer.status === "failed" ? answer.gatewayReference : null;
  const reason = answer.status === "failed" ? answer.reason : CHARGE_NOT_COMPLETED;
  const outcome = succeeded ? { ok: true as const, gatewayReference: gatewayReference! } : { ok: false as const, reason, gatewayReference };

  if (payment.purpose === "top_up") {
    const settled = await settleTopUp(db, { paymentId: payment.id, at: now, outcome });
    return settled.status === "settled_elsewhere" ? "skipped" : settled.status;
  }
  if (payment.orderId === null) {
    const doc = payment.invoiceId
      ? { type: "invoice" as const, id: payment.invoiceId, accountId: payment.accountId }
      : { type: "proforma" as const, id: payment.proformaId!, accountId: payment.accountId };
    const settled = await settleDocumentCardPayment(db, { doc, paymentId: payment.id, methodId: payment.paymentMethodId, at: now, outcome });
    if (settled.status === "paid" && settled.releasedServiceIds.length > 0) await provision(settled.releasedServiceIds);
    return settled.status === "paid" || settled.status === "failed" ? settled.status : "skipped";
  }
  const methodId = payment.paymentMethodId!;
  const orderId = payment.orderId;
  if (payment.order?.orderType === "addon" || payment.order?.orderType === "upgrade") {
    // Add-ons and plan changes settle the change itself (settle-card-change.ts), not new services.
    const settle = { orderId, paymentId: payment.id, methodId, at: now };
    const settled = succeeded ? await settleChangePaid(db, { ...settle, gatewayReference: gatewayReference! }) : await settleChangeFailed(db, { ...settle, gatewayReference, reason });
    if (settled.executing.length > 0) await (options.executeUpgrades ?? requestUpgradeExecution)(settled.executing);
    if (!settled.settled) return "skipped";
    return settled.paid ? "paid" : "failed";
  }
  if (succeeded) {
    const activated = await activateChargedOrder(db, { orderId, paymentId: payment.id, methodId, gatewayReference: gatewayReference!, at: now });
    if (activated.alreadySettled) return "skipped";
    if (activated.serviceIds.length > 0) await provision(activated.serviceIds);
    return "paid";
  }
  const failed = await failChargedOrder(db, { orderId, paymentId: payment.id, methodId, reason, gatewayReference, at: now });
  return failed ? "failed" : "skipped";
}
