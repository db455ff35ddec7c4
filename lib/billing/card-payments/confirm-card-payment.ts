import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { cardGatewayByName } from "@/lib/payments/card-gateways";
import type { CardGateway } from "@/lib/payments/card-gateway";
import { SETTLE_PAYMENT_SELECT, settlePaymentOutcome, type SettleOptions } from "@/lib/orders/settle-payment-outcome";
import { paymentReference } from "./payment-reference";

export type CardPaymentView = {
  id: string;
  status: "processing" | "paid" | "failed";
  purpose: "order" | "document" | "top_up";
  amount: Prisma.Decimal;
  currency: string;
  reason: string | null;
  invoiceId: string | null;
  proformaId: string | null;
  /** Still waiting for the holder: where to authenticate. */
  actionUrl: string | null;
};

export const PAYMENT_NOT_FOUND = "Payment not found";

export type ConfirmCardPaymentContext = { db: Db; now: Date; actor: { accountId: string; userId: string }; gateway?: (name: string) => CardGateway | null; provision?: SettleOptions["provision"] };

/**
 * The browser is back from 3-D Secure: asks the gateway what became of the payment and settles it
 * (settlePaymentOutcome; a webhook that came first has already, and nothing happens twice). Only
 * the account's own payments (404 otherwise). A gateway that still says pending, or cannot be
 * asked, leaves it `processing` for the webhook or the sweep.
 */
export async function confirmCardPayment(ctx: ConfirmCardPaymentContext, paymentId: string): Promise<CardPaymentView> {
  const { db, now, actor } = ctx;
  const payment = await findOwnPayment(db, actor, paymentId);
  if (payment.status === "processing" && payment.paymentMethod) {
    const gateway = (ctx.gateway ?? cardGatewayByName)(payment.paymentMethod.gateway);
    if (gateway) {
      try {
        const answer = await gateway.lookup({ reference: paymentReference(payment), token: payment.paymentMethod.gatewayToken, cardLastFour: payment.paymentMethod.cardLastFour, gatewayReference: payment.gatewayReference });
        if (answer.status !== "pending" && answer.status !== "not_found") await settlePaymentOutcome(payment, answer, { db, now, provision: ctx.provision });
      } catch (err) {
        console.warn(`[payments] gateway ${gateway.name} could not be asked about payment ${payment.id}; the webhook or the sweep settles it`, err);
      }
    }
  }
  return view(await findOwnPayment(db, actor, paymentId));
}

/** A payment of the account's, or one that credits the user's own account (a team member's top-up). */
async function findOwnPayment(db: Db, actor: { accountId: string; userId: string }, paymentId: string) {
  const payment = /^[0-9a-f-]{36}$/i.test(paymentId)
    ? await db.payment.findFirst({
        where: { id: paymentId, method: "card", OR: [{ accountId: actor.accountId }, { userId: actor.userId, purpose: "top_up" }] },
        select: { ...SETTLE_PAYMENT_SELECT, status: true, amount: true, currency: true, failureReason: true, actionUrl: true, gatewayReference: true, paymentMethod: { select: { gateway: true, gatewayToken: true, cardLastFour: true } } },
      })
    : null;
  if (!payment) throw new DomainError("not_found", PAYMENT_NOT_FOUND);
  return payment;
}

function view(p: Awaited<ReturnType<typeof findOwnPayment>>): CardPaymentView {
  const status = p.status === "paid" || p.status === "failed" ? p.status : "processing";
  return { id: p.id, status, purpose: p.purpose, amount: p.amount, currency: p.currency, reason: p.failureReason, invoiceId: p.invoiceId, proformaId: p.proformaId, actionUrl: status === "processing" ? p.actionUrl : null };
}
