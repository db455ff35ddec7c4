import type { Db } from "@/lib/db/client";
import { postCreditEntry } from "../post-credit-entry";

export type TopUpOutcome = { status: "paid"; balanceAfter: string } | { status: "failed"; reason: string } | { status: "settled_elsewhere" };

/**
 * Records a top-up's card outcome. Paid: the payment is claimed (`processing` → `paid`) and the credit
 * posted as one ledger row in the same transaction, so whichever of the browser's return, the
 * gateway's webhook or the reconciliation sweep comes first adds the credit, and the others find the
 * payment settled and add nothing. Refused: the payment is `failed` with the reason, no credit.
 */
export async function settleTopUp(
  db: Db,
  input: { paymentId: string; at: Date; outcome: { ok: true; gatewayReference: string } | { ok: false; reason: string; gatewayReference: string | null } },
): Promise<TopUpOutcome> {
  const { outcome } = input;
  return db.$transaction(async (tx) => {
    const claimed = await tx.payment.updateMany({
      where: { id: input.paymentId, purpose: "top_up", status: "processing" },
      data: outcome.ok
        ? { status: "paid", gatewayReference: outcome.gatewayReference, actionUrl: null }
        : { status: "failed", failureReason: outcome.reason, gatewayReference: outcome.gatewayReference, actionUrl: null },
    });
    if (claimed.count === 0) return { status: "settled_elsewhere" as const };
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: input.paymentId }, select: { accountId: true, amount: true, paymentMethodId: true, paymentMethod: { select: { cardLastFour: true } } } });
    if (payment.paymentMethodId) await tx.paymentMethod.update({ where: { id: payment.paymentMethodId }, data: { lastUsedAt: input.at } });
    if (!outcome.ok) return { status: "failed" as const, reason: outcome.reason };
    const last4 = payment.paymentMethod?.cardLastFour;
    const entry = await postCreditEntry(tx, {
      accountId: payment.accountId,
      kind: "top_up",
      amount: payment.amount,
      description: last4 ? `Top-up by card ending ${last4}` : "Top-up by card",
      paymentId: input.paymentId,
      at: input.at,
    });
    return { status: "paid" as const, balanceAfter: entry.balanceAfter.toFixed(2) };
  });
}
