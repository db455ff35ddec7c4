import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { Invoice, Prisma } from "@/lib/generated/prisma/client";
import { currencyMismatch } from "./billing-errors";
import { onInvoicePaid } from "./on-invoice-paid";
import { postCreditEntry } from "./post-credit-entry";

export interface CreditPayment {
  id: string;
  amount: Prisma.Decimal;
  currency: string;
  method: "credit";
  status: "paid";
  createdAt: Date;
}

export interface InvoiceCreditResult {
  payment: CreditPayment;
  invoice: { id: string; number: string; status: Invoice["status"]; total: Prisma.Decimal; paidAmount: Prisma.Decimal };
  /** The payer's credit balance after the payment. */
  newBalance: Prisma.Decimal;
  /** What is still to pay on the invoice. */
  remainingAmount: Prisma.Decimal;
  invoicePaid: boolean;
  /** Services moved from `pending_payment` to `pending`; request their provisioning after commit. */
  releasedServiceIds: string[];
}

/**
 * Spends `amount` of `creditAccountId`'s credit on an invoice the caller has locked (lockInvoice)
 * and checked (unpaid, amount within the outstanding balance): a `paid` credit Payment, its ledger
 * row through postCreditEntry (which refuses `Insufficient credit balance` without changing
 * anything), the invoice's `paidAmount`, and `paid` + onInvoicePaid once settled. All in `tx`.
 */
export async function applyCreditToInvoice(
  tx: DbOrTx,
  input: { invoice: Invoice; creditAccountId: string; amount: Prisma.Decimal; now: Date },
): Promise<InvoiceCreditResult> {
  const { invoice, amount, now } = input;
  const payer = await tx.clientAccount.findUniqueOrThrow({ where: { id: input.creditAccountId }, select: { currency: true } });
  if (payer.currency !== invoice.currency) throw new DomainError("invalid", currencyMismatch("invoice", payer.currency, invoice.currency));

  const payment = await tx.payment.create({
    data: {
      accountId: invoice.accountId,
      invoiceId: invoice.id,
      orderId: invoice.orderId,
      method: "credit",
      amount,
      currency: invoice.currency,
      status: "paid",
      createdAt: now,
    },
  });
  const posted = await postCreditEntry(tx, {
    accountId: input.creditAccountId,
    kind: "payment",
    amount: amount.negated(),
    description: `Payment of invoice ${invoice.number}`,
    invoiceId: invoice.id,
    orderId: invoice.orderId,
    paymentId: payment.id,
    at: now,
  });

  const paidAmount = invoice.paidAmount.plus(amount);
  const invoicePaid = paidAmount.gte(invoice.total);
  const updated = await tx.invoice.update({
    where: { id: invoice.id },
    data: { paidAmount, ...(invoicePaid ? { status: "paid", paidAt: now } : {}) },
  });
  const releasedServiceIds = invoicePaid ? await onInvoicePaid(tx, invoice.id, now) : [];

  return {
    payment: { id: payment.id, amount, currency: payment.currency, method: "credit", status: "paid", createdAt: payment.createdAt },
    invoice: { id: updated.id, number: updated.number, status: updated.status, total: updated.total, paidAmount: updated.paidAmount },
    newBalance: posted.balanceAfter,
    remainingAmount: updated.total.minus(updated.paidAmount),
    invoicePaid,
    releasedServiceIds,
  };
}
