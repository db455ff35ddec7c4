import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { InvoiceStatus, Prisma, Proforma } from "@/lib/generated/prisma/client";
import type { CreditPayment } from "./apply-credit-to-invoice";
import { currencyMismatch } from "./billing-errors";
import { convertProformaToInvoice } from "./convert-proforma-to-invoice";
import { postCreditEntry } from "./post-credit-entry";

export interface ProformaCreditResult {
  payment: CreditPayment;
  proforma: { id: string; number: string; status: Proforma["status"]; total: Prisma.Decimal; paidAmount: Prisma.Decimal };
  creditApplied: Prisma.Decimal;
  newBalance: Prisma.Decimal;
  remainingAmount: Prisma.Decimal;
  proformaPaid: boolean;
  /** The invoice the proforma became once fully paid; null while something is outstanding. */
  invoice: { id: string; number: string; status: InvoiceStatus } | null;
  releasedServiceIds: string[];
}

/**
 * Spends `amount` of `creditAccountId`'s credit on a proforma the caller has locked (lockProforma)
 * and checked: a credit Payment, its ledger row (postCreditEntry), the proforma's `paidAmount`, and
 * once nothing is outstanding the conversion into a paid invoice (convertProformaToInvoice).
 */
export async function applyCreditToProforma(
  tx: DbOrTx,
  input: { proforma: Proforma; creditAccountId: string; amount: Prisma.Decimal; now: Date },
): Promise<ProformaCreditResult> {
  const { proforma, amount, now } = input;
  const payer = await tx.clientAccount.findUniqueOrThrow({ where: { id: input.creditAccountId }, select: { currency: true } });
  if (payer.currency !== proforma.currency) throw new DomainError("invalid", currencyMismatch("proforma", payer.currency, proforma.currency));

  const payment = await tx.payment.create({
    data: {
      accountId: proforma.accountId,
      proformaId: proforma.id,
      orderId: proforma.orderId,
      method: "credit",
      amount,
      currency: proforma.currency,
      status: "paid",
      createdAt: now,
    },
  });
  const posted = await postCreditEntry(tx, {
    accountId: input.creditAccountId,
    kind: "payment",
    amount: amount.negated(),
    description: `Payment of proforma ${proforma.number}`,
    proformaId: proforma.id,
    orderId: proforma.orderId,
    paymentId: payment.id,
    at: now,
  });

  const paidAmount = proforma.paidAmount.plus(amount);
  let updated = await tx.proforma.update({ where: { id: proforma.id }, data: { paidAmount } });
  const proformaPaid = paidAmount.gte(proforma.total);
  let invoice: ProformaCreditResult["invoice"] = null;
  let releasedServiceIds: string[] = [];
  if (proformaPaid) {
    const converted = await convertProformaToInvoice(tx, updated, now);
    invoice = { id: converted.invoice.id, number: converted.invoice.number, status: converted.invoice.status };
    releasedServiceIds = converted.releasedServiceIds;
    updated = await tx.proforma.findUniqueOrThrow({ where: { id: proforma.id } });
  }

  return {
    payment: { id: payment.id, amount, currency: payment.currency, method: "credit", status: "paid", createdAt: payment.createdAt },
    proforma: { id: updated.id, number: updated.number, status: updated.status, total: updated.total, paidAmount: updated.paidAmount },
    creditApplied: amount,
    newBalance: posted.balanceAfter,
    remainingAmount: updated.total.minus(updated.paidAmount),
    proformaPaid,
    invoice,
    releasedServiceIds,
  };
}
