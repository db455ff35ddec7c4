import type { Tx } from "@/lib/db/client";
import type { InvoiceStatus, Prisma, Proforma } from "@/lib/generated/prisma/client";
import { convertProformaToInvoice } from "./convert-proforma-to-invoice";
import { spendCreditOnDocument, type CreditPayment } from "./spend-credit-on-document";

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
  tx: Tx,
  input: { proforma: Proforma; creditAccountId: string; amount: Prisma.Decimal; now: Date },
): Promise<ProformaCreditResult> {
  const { proforma, amount, now } = input;
  const { payment, balanceAfter } = await spendCreditOnDocument(tx, { type: "proforma", document: proforma, creditAccountId: input.creditAccountId, amount, now });

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
    payment,
    proforma: { id: updated.id, number: updated.number, status: updated.status, total: updated.total, paidAmount: updated.paidAmount },
    creditApplied: amount,
    newBalance: balanceAfter,
    remainingAmount: updated.total.minus(updated.paidAmount),
    proformaPaid,
    invoice,
    releasedServiceIds,
  };
}
