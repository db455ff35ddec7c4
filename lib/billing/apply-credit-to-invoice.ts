import type { Tx } from "@/lib/db/client";
import type { Invoice, Prisma } from "@/lib/generated/prisma/client";
import { onInvoicePaid } from "./on-invoice-paid";
import { spendCreditOnDocument, type CreditPayment } from "./spend-credit-on-document";

export type { CreditPayment } from "./spend-credit-on-document";

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
  tx: Tx,
  input: { invoice: Invoice; creditAccountId: string; amount: Prisma.Decimal; now: Date },
): Promise<InvoiceCreditResult> {
  const { invoice, amount, now } = input;
  const { payment, balanceAfter } = await spendCreditOnDocument(tx, { type: "invoice", document: invoice, creditAccountId: input.creditAccountId, amount, now });

  const paidAmount = invoice.paidAmount.plus(amount);
  const invoicePaid = paidAmount.gte(invoice.total);
  const updated = await tx.invoice.update({
    where: { id: invoice.id },
    data: { paidAmount, ...(invoicePaid ? { status: "paid", paidAt: now } : {}) },
  });
  const releasedServiceIds = invoicePaid ? await onInvoicePaid(tx, invoice.id, now) : [];

  return {
    payment,
    invoice: { id: updated.id, number: updated.number, status: updated.status, total: updated.total, paidAmount: updated.paidAmount },
    newBalance: balanceAfter,
    remainingAmount: updated.total.minus(updated.paidAmount),
    invoicePaid,
    releasedServiceIds,
  };
}
