import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { resolveSavedMethod } from "@/lib/orders/saved-method";
import { chargeSafely, defaultGatewayResolver, type GatewayResolver } from "@/lib/payments/payment-gateway";
import { convertProformaToInvoice } from "./convert-proforma-to-invoice";
import { lockInvoice, lockProforma } from "./lock-billing-document";
import { onInvoicePaid } from "./on-invoice-paid";
import { postCreditEntry } from "./post-credit-entry";
import { recordRenewalFailed } from "./renewals/record-renewal-failed";

// Paying an open document (a renewal, in practice) with the account's saved card, the way a
// `saved_method` order is paid: a `processing` card Payment on the document commits first under the
// document's lock, the card is charged outside any transaction (reference `<documentId>:<paymentId>`,
// the gateway's idempotency key), then settleDocumentCardPayment records the outcome. Claiming the
// payment (`processing` → paid/failed) lets only one settlement act, so the reconciliation sweep
// (lib/orders/reconcile-card-payments.ts) can settle a charge whose process stopped in between.

/** A document is tried at most this many times by card; after that it waits for the account to pay it. */
export const CARD_ATTEMPTS_PER_DOCUMENT = 3;

export type CardDocument = { type: "invoice" | "proforma"; id: string; accountId: string };

export type DocumentCardOutcome =
  | { status: "paid"; amount: Prisma.Decimal; releasedServiceIds: string[] }
  | { status: "failed"; reason: string }
  /** Nothing was charged: no saved card, the document is settled or being charged, or its attempts are used up. */
  | { status: "skipped"; why: "no_card" | "not_open" | "in_flight" | "attempts_used" }
  /** Another settlement of the payment won (the sweep, a late request). */
  | { status: "settled_elsewhere" };

const documentRef = (doc: { type: "invoice" | "proforma"; id: string }) => (doc.type === "invoice" ? { invoiceId: doc.id } : { proformaId: doc.id });

export async function payDocumentByCard(db: Db, doc: CardDocument, options: { now: Date; gateways?: GatewayResolver }): Promise<DocumentCardOutcome> {
  const { now } = options;
  let method;
  try {
    method = await resolveSavedMethod(db, doc.accountId, null, options.gateways ?? defaultGatewayResolver);
  } catch (err) {
    if (err instanceof DomainError) return { status: "skipped", why: "no_card" };
    throw err;
  }
  const claim = await db.$transaction(async (tx) => {
    const locked = doc.type === "invoice" ? await lockInvoice(tx, doc.id, doc.accountId) : await lockProforma(tx, doc.id, doc.accountId);
    const remaining = locked.total.minus(locked.paidAmount);
    if (locked.status !== "unpaid" || remaining.lte(0)) return { skipped: "not_open" as const };
    const earlier = await tx.payment.findMany({ where: { ...documentRef(doc), method: "card" }, select: { status: true } });
    if (earlier.some((p) => p.status === "processing")) return { skipped: "in_flight" as const };
    if (earlier.filter((p) => p.status === "failed").length >= CARD_ATTEMPTS_PER_DOCUMENT) return { skipped: "attempts_used" as const };
    const payment = await tx.payment.create({
      data: { accountId: doc.accountId, ...documentRef(doc), purpose: "document", paymentMethodId: method.id, method: "card", amount: remaining, currency: locked.currency, status: "processing", createdAt: now },
      select: { id: true },
    });
    return { paymentId: payment.id, amount: remaining, currency: locked.currency, number: locked.number };
  });
  if ("skipped" in claim) return { status: "skipped", why: claim.skipped! };

  const outcome = await chargeSafely(method.gateway, {
    token: method.token,
    customer: method.customer,
    cardLastFour: method.cardLastFour,
    amount: claim.amount,
    currency: claim.currency,
    reference: `${doc.id}:${claim.paymentId}`,
    description: `${doc.type === "invoice" ? "Invoice" : "Proforma"} ${claim.number}`,
  });
  return settleDocumentCardPayment(db, {
    doc,
    paymentId: claim.paymentId,
    methodId: method.id,
    at: now,
    unattended: true,
    outcome: outcome.ok ? { ok: true, gatewayReference: outcome.gatewayReference } : { ok: false, reason: outcome.reason, gatewayReference: outcome.gatewayReference },
  });
}

/**
 * Records a card charge's outcome on its document: paid → the document's `paidAmount` grows by the
 * payment, a fully paid invoice is `paid` (onInvoicePaid: a renewal moves its service on), a fully
 * paid proforma becomes a paid invoice; what the document no longer owed (paid or cancelled while
 * the card was charged) is added to the account's credit with a ledger row; refused → the payment is `failed` with the reason and the
 * document stays open (the grace period runs on), and an unattended charge's first refusal raises
 * `renewal.failed` (record-renewal-failed.ts). Nothing happens when the payment is no longer
 * `processing`.
 */
export async function settleDocumentCardPayment(
  db: Db,
  input: {
    doc: CardDocument;
    paymentId: string;
    methodId: string | null;
    at: Date;
    outcome: { ok: true; gatewayReference: string } | { ok: false; reason: string; gatewayReference: string | null };
    /** Charged with nobody present (payDocumentByCard, the nightly run): a refusal is a failed automatic renewal to tell. */
    unattended?: boolean;
  },
): Promise<DocumentCardOutcome> {
  const { doc, at, outcome } = input;
  return db.$transaction(async (tx) => {
    const locked = doc.type === "invoice" ? await lockInvoice(tx, doc.id, doc.accountId) : await lockProforma(tx, doc.id, doc.accountId);
    const claimed = await tx.payment.updateMany({
      where: { id: input.paymentId, status: "processing" },
      data: outcome.ok
        ? { status: "paid", gatewayReference: outcome.gatewayReference, actionUrl: null }
        : { status: "failed", failureReason: outcome.reason, gatewayReference: outcome.gatewayReference, actionUrl: null },
    });
    if (claimed.count === 0) return { status: "settled_elsewhere" as const };
    if (input.methodId) await tx.paymentMethod.update({ where: { id: input.methodId }, data: { lastUsedAt: at } });
    if (!outcome.ok) {
      // Told once per document, at its first refusal; the next nights' attempts are silent.
      const firstRefusal = async () => (await tx.payment.count({ where: { ...documentRef(doc), method: "card", status: "failed", id: { not: input.paymentId } } })) === 0;
      if (input.unattended && (await firstRefusal())) await recordRenewalFailed(tx, { document: doc, reason: `your saved card was refused (${outcome.reason.replace(/\.$/, "")}).`, now: at });
      return { status: "failed" as const, reason: outcome.reason };
    }

    const { amount } = await tx.payment.findUniqueOrThrow({ where: { id: input.paymentId }, select: { amount: true } });
    // Someone paid or cancelled the document while the card was being charged: what it no longer owes is kept as credit.
    const due = locked.status === "unpaid" ? Prisma.Decimal.max(locked.total.minus(locked.paidAmount), 0) : new Prisma.Decimal(0);
    const applied = Prisma.Decimal.min(amount, due);
    const excess = amount.minus(applied);
    let releasedServiceIds: string[] = [];
    if (applied.gt(0)) {
      const paidAmount = locked.paidAmount.plus(applied);
      const paidInFull = paidAmount.gte(locked.total);
      if (doc.type === "invoice") {
        await tx.invoice.update({ where: { id: doc.id }, data: { paidAmount, ...(paidInFull ? { status: "paid", paidAt: at } : {}) } });
        if (paidInFull) releasedServiceIds = await onInvoicePaid(tx, doc.id, at);
      } else {
        const updated = await tx.proforma.update({ where: { id: doc.id }, data: { paidAmount } });
        if (paidInFull) releasedServiceIds = (await convertProformaToInvoice(tx, updated, at)).releasedServiceIds;
      }
    }
    if (excess.gt(0)) {
      await postCreditEntry(tx, {
        accountId: doc.accountId,
        kind: "refund",
        amount: excess,
        description: `Card payment of ${doc.type} ${locked.number} arrived after it was settled; kept as credit`,
        ...documentRef(doc),
        paymentId: input.paymentId,
        at,
      });
    }
    return { status: "paid" as const, amount, releasedServiceIds };
  });
}
