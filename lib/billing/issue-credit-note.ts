import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { roundMoney } from "@/lib/pricing";
import { nextDocumentNumber } from "./next-document-number";

export interface IssuedCreditNote {
  id: string;
  number: string;
  total: Prisma.Decimal;
}

/**
 * The numbered credit note for money paid on `invoiceId` that a refund row (`ledgerEntryId`) just put
 * back on the credit ledger (docs/billing.md "Credit notes"). Call it in the refund's transaction, so
 * the two exist together or not at all; the ledger row's unique key on the note means one note per
 * refund. `amount` is what was refunded, VAT included: it is split at the invoice's rate into the net
 * and the VAT it reverses, rounded to the currency's minor unit with the VAT taking the remainder, so
 * subtotal + VAT is the refund exactly.
 */
export async function issueCreditNote(
  tx: Tx,
  input: { invoiceId: string; ledgerEntryId: string; amount: Prisma.Decimal; description: string; at: Date },
): Promise<IssuedCreditNote> {
  const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: input.invoiceId }, select: { id: true, accountId: true, currency: true, vatRate: true } });
  const total = roundMoney(input.amount, invoice.currency);
  const subtotal = roundMoney(total.times(100).dividedBy(invoice.vatRate.plus(100)), invoice.currency);
  const note = await tx.creditNote.create({
    data: {
      number: await nextDocumentNumber(tx, "credit_note", input.at),
      accountId: invoice.accountId,
      invoiceId: invoice.id,
      ledgerEntryId: input.ledgerEntryId,
      currency: invoice.currency,
      description: input.description.slice(0, 500),
      subtotal,
      vatRate: invoice.vatRate,
      vatAmount: total.minus(subtotal),
      total,
      issuedAt: input.at,
    },
    select: { id: true, number: true, total: true },
  });
  return note;
}
