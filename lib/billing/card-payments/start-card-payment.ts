import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { formatMoney } from "@/lib/format/format-money";
import { cardGatewayByName } from "@/lib/payments/card-gateways";
import { topUpLimits } from "./top-up-limits";
import type { CardGateway, PaymentStart } from "@/lib/payments/card-gateway";
import type { BillingDocumentType } from "../billing-errors";
import { lockInvoice, lockProforma } from "../lock-billing-document";
import type { CreditActor } from "../resolve-credit-account";
import { CARD_PAYMENT_RULES } from "./card-payment-rules";
import { paymentReference } from "./payment-reference";
import { settlePaymentOutcome, SETTLE_PAYMENT_SELECT, type SettleOptions } from "@/lib/orders/settle-payment-outcome";

/** What a card payment pays: the rest of an open document, or a top-up of the payer's credit. */
export type CardPaymentTarget = { kind: "document"; type: BillingDocumentType; id: string } | { kind: "top_up"; amount: Prisma.Decimal };

export interface StartCardPaymentInput {
  target: CardPaymentTarget;
  /** A saved card of the account; null: its default card. */
  methodId: string | null;
  /** Where the gateway sends the browser back after 3-D Secure, for this payment. */
  returnUrl: (paymentId: string) => string;
}

export type CardPaymentResult =
  | { status: "paid"; paymentId: string; amount: Prisma.Decimal; currency: string }
  | { status: "failed"; paymentId: string; reason: string }
  | { status: "requires_action"; paymentId: string; redirectUrl: string };

interface Ctx {
  db: Db;
  now: Date;
  actor: CreditActor;
  /** Tests inject gateways; the registered ones otherwise. */
  gateway?: (name: string) => CardGateway | null;
  provision?: SettleOptions["provision"];
}

/**
 * A payment by card with the holder present (panel, reseller portal): the `processing` payment
 * commits first (under the document's lock, refused while another card payment of it is in flight),
 * the card is charged outside any transaction with `<target>:<paymentId>` as the idempotency key,
 * then the outcome is settled by settlePaymentOutcome, the one place that records it. When the bank
 * asks for 3-D Secure, the payment keeps waiting with its challenge URL and the caller sends the
 * browser there; the return (confirmCardPayment), the webhook or the sweep settles it later.
 */
export async function startCardPayment(ctx: Ctx, input: StartCardPaymentInput): Promise<CardPaymentResult> {
  const { db, now, actor } = ctx;
  const method = input.methodId
    ? await db.paymentMethod.findFirst({ where: { id: input.methodId, accountId: actor.accountId } })
    : await db.paymentMethod.findFirst({ where: { accountId: actor.accountId }, orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }] });
  if (!method) {
    if (input.methodId) throw new DomainError("invalid", CARD_PAYMENT_RULES.cardNotFound, { details: [{ field: "methodId", message: CARD_PAYMENT_RULES.cardNotFound }] });
    throw new DomainError("invalid", CARD_PAYMENT_RULES.noCard);
  }
  const gateway = (ctx.gateway ?? cardGatewayByName)(method.gateway);
  if (!gateway) throw new DomainError("unavailable", CARD_PAYMENT_RULES.gatewayMissing);

  const target = input.target;
  const claim = await db.$transaction(async (tx) => {
    if (target.kind === "top_up") {
      // The account's cards fill the account's credit: a member's credit is their own account's (credit is per user).
      if (!actor.isOwner) throw new DomainError("forbidden", CARD_PAYMENT_RULES.ownerTopsUp);
      const creditAccountId = actor.accountId;
      const account = await tx.clientAccount.findUniqueOrThrow({ where: { id: creditAccountId }, select: { currency: true } });
      await checkTopUpAmount(tx, target.amount, account.currency);
      return tx.payment.create({
        data: { accountId: creditAccountId, userId: actor.userId, purpose: "top_up", paymentMethodId: method.id, method: "card", amount: target.amount, currency: account.currency, status: "processing", createdAt: now },
        select: { ...SETTLE_PAYMENT_SELECT, amount: true, currency: true },
      });
    }
    const locked = target.type === "invoice" ? await lockInvoice(tx, target.id, actor.accountId) : await lockProforma(tx, target.id, actor.accountId);
    const remaining = locked.total.minus(locked.paidAmount);
    if (locked.status !== "unpaid" || remaining.lte(0)) throw new DomainError("conflict", CARD_PAYMENT_RULES.notOpen);
    const ref = target.type === "invoice" ? { invoiceId: target.id } : { proformaId: target.id };
    const inFlight = await tx.payment.count({ where: { ...ref, method: "card", status: "processing" } });
    if (inFlight > 0) throw new DomainError("conflict", CARD_PAYMENT_RULES.inFlight);
    return tx.payment.create({
      data: { accountId: actor.accountId, userId: actor.userId, ...ref, purpose: "document", paymentMethodId: method.id, method: "card", amount: remaining, currency: locked.currency, status: "processing", createdAt: now },
      select: { ...SETTLE_PAYMENT_SELECT, amount: true, currency: true },
    });
  });

  const reference = paymentReference(claim);
  let start: PaymentStart;
  try {
    start = await gateway.pay({
      token: method.gatewayToken,
      customer: method.gatewayCustomer,
      cardLastFour: method.cardLastFour,
      amount: claim.amount,
      currency: claim.currency,
      reference,
      description: target.kind === "top_up" ? "Credit top-up" : `Payment ${reference}`,
      returnUrl: input.returnUrl(claim.id),
    });
  } catch (err) {
    // Not reached, or no answer: the sweep asks the gateway later (a charge that did go through is found by its reference).
    console.warn(`[payments] gateway ${gateway.name} failed to answer for payment ${claim.id}`, err);
    return { status: "failed", paymentId: claim.id, reason: CARD_PAYMENT_RULES.gatewayUnreachable };
  }
  if (start.status === "requires_action") {
    await db.payment.updateMany({ where: { id: claim.id, status: "processing" }, data: { actionUrl: start.redirectUrl, gatewayReference: start.gatewayReference } });
    return { status: "requires_action", paymentId: claim.id, redirectUrl: start.redirectUrl };
  }
  const settled = await settlePaymentOutcome(claim, start, { db, now, provision: ctx.provision });
  if (start.status === "succeeded") return { status: "paid", paymentId: claim.id, amount: claim.amount, currency: claim.currency };
  return settled === "skipped" ? await outcomeOf(db, claim.id) : { status: "failed", paymentId: claim.id, reason: start.reason };
}

/** A payment's recorded outcome (when another settlement won the race). */
async function outcomeOf(db: Db, paymentId: string): Promise<CardPaymentResult> {
  const p = await db.payment.findUniqueOrThrow({ where: { id: paymentId }, select: { status: true, failureReason: true, amount: true, currency: true } });
  return p.status === "paid" ? { status: "paid", paymentId, amount: p.amount, currency: p.currency } : { status: "failed", paymentId, reason: p.failureReason ?? CARD_PAYMENT_RULES.gatewayUnreachable };
}

/** A top-up amount within the operator's limits (platform settings), at most two decimals. */
async function checkTopUpAmount(tx: Parameters<Parameters<Db["$transaction"]>[0]>[0], amount: Prisma.Decimal, currency: string) {
  const refuse = (message: string) => new DomainError("invalid", message, { details: [{ field: "amount", message }] });
  if (!amount.isFinite() || amount.decimalPlaces() > 2 || amount.lte(0)) throw refuse(CARD_PAYMENT_RULES.amountFormat);
  const limits = await topUpLimits(tx);
  if (amount.lt(limits.minimum)) throw refuse(CARD_PAYMENT_RULES.topUpBelow(formatMoney(limits.minimum, currency)));
  if (amount.gt(limits.maximum)) throw refuse(CARD_PAYMENT_RULES.topUpAbove(formatMoney(limits.maximum, currency)));
}
