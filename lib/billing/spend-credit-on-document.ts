import type { Tx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { currencyMismatch } from "./billing-errors";
import { postCreditEntry } from "./post-credit-entry";

/** A `paid` credit Payment as the pay endpoints show it. */
export interface CreditPayment {
  id: string;
  amount: Prisma.Decimal;
  currency: string;
  method: "credit";
  status: "paid";
  createdAt: Date;
}

type CreditDocument = { id: string; number: string; accountId: string; orderId: string | null; currency: string };

/**
 * The part every credit payment of a document shares, in the caller's transaction and under its
 * lock on the document: the payer's currency must be the document's (400 otherwise), a `paid`
 * credit Payment on the document, and its ledger row through postCreditEntry (which refuses
 * `Insufficient credit balance` without changing anything). What the payment then does to the
 * document (an invoice paid, a proforma converted) is the caller's.
 */
export async function spendCreditOnDocument(
  tx: Tx,
  input: { type: "invoice" | "proforma"; document: CreditDocument; creditAccountId: string; amount: Prisma.Decimal; now: Date },
): Promise<{ payment: CreditPayment; balanceAfter: Prisma.Decimal }> {
  const { type, document, amount, now } = input;
  const payer = await tx.clientAccount.findUniqueOrThrow({ where: { id: input.creditAccountId }, select: { currency: true } });
  if (payer.currency !== document.currency) throw new DomainError("invalid", currencyMismatch(type, payer.currency, document.currency));
  const ref = type === "invoice" ? { invoiceId: document.id } : { proformaId: document.id };
  const payment = await tx.payment.create({
    data: { accountId: document.accountId, ...ref, orderId: document.orderId, method: "credit", amount, currency: document.currency, status: "paid", createdAt: now },
  });
  const posted = await postCreditEntry(tx, {
    accountId: input.creditAccountId,
    kind: "payment",
    amount: amount.negated(),
    description: `Payment of ${type} ${document.number}`,
    ...ref,
    orderId: document.orderId,
    paymentId: payment.id,
    at: now,
  });
  return {
    payment: { id: payment.id, amount, currency: payment.currency, method: "credit", status: "paid", createdAt: payment.createdAt },
    balanceAfter: posted.balanceAfter,
  };
}
