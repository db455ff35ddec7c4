import type { DbOrTx } from "@/lib/db/client";
import { recordAccountEvent } from "@/lib/mail/account-events";
import { Prisma } from "@/lib/generated/prisma/client";
import { assertAddsUp, lineData, type BillingDocumentInput, type CreatedDocument } from "./create-invoice";
import { nextDocumentNumber } from "./next-document-number";

/**
 * Raises an unpaid proforma (`PRO-<year>-…`) with its lines in the caller's transaction: the
 * document of suppliers that issue proformas first (PlatformSettings.issueProformas). Paying it
 * converts it into an invoice (lib/billing, not here); until then `invoiceId` is null.
 */
export async function createProforma(tx: DbOrTx, input: BillingDocumentInput): Promise<CreatedDocument> {
  assertAddsUp(input);
  const number = await nextDocumentNumber(tx, "proforma", input.at);
  const proforma = await tx.proforma.create({
    data: {
      number,
      accountId: input.accountId,
      orderId: input.orderId ?? null,
      status: "unpaid",
      currency: input.currency,
      subtotal: input.subtotal,
      vatRate: input.vatRate,
      vatAmount: input.vatAmount,
      total: input.total,
      paidAmount: new Prisma.Decimal(0),
      dueDate: input.dueDate,
      issuedAt: input.at,
      items: { createMany: { data: input.lines.map(lineData) } },
    },
    select: { id: true, number: true },
  });
  await recordAccountEvent(tx, { accountId: input.accountId, type: "invoice.raised", payload: { documentType: "proforma", documentId: proforma.id }, now: input.at });
  return proforma;
}
