import { randomUUID } from "node:crypto";
import { recordAccountEvent } from "@/lib/mail/account-events";
import type { DbOrTx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { nextDocumentNumber } from "./next-document-number";

export interface DocumentLineInput {
  description: string;
  quantity: number;
  unitAmount: Prisma.Decimal;
  /** The line's amount as charged (2 places); the lines add up to `subtotal`. */
  amount: Prisma.Decimal;
  serviceId?: string | null;
}

export interface BillingDocumentInput {
  accountId: string;
  orderId?: string | null;
  currency: string;
  lines: DocumentLineInput[];
  subtotal: Prisma.Decimal;
  vatRate: Prisma.Decimal;
  vatAmount: Prisma.Decimal;
  total: Prisma.Decimal;
  /** Issue instant (also decides the number's year). */
  at: Date;
  dueDate: Date;
}

export interface CreateInvoiceInput extends BillingDocumentInput {
  /** `paid`: a record of money already collected (pay-now order modes), paid in full at `at`. */
  status?: "unpaid" | "paid";
  /**
   * Store a placeholder number (`pending-<uuid>`); the caller numbers the invoice later in the
   * same transaction with assignDocumentNumbers, so the counter is locked only for the tail.
   */
  deferNumber?: boolean;
}

export interface CreatedDocument {
  id: string;
  number: string;
}

/**
 * Raises an invoice with its lines, numbered gap-free (`INV-<year>-…`), in the caller's
 * transaction. Figures are stored as given: the caller (the order code) priced them with
 * lib/pricing, so the lines add up to `subtotal` and `subtotal + vatAmount = total`.
 */
export async function createInvoice(tx: DbOrTx, input: CreateInvoiceInput): Promise<CreatedDocument> {
  assertAddsUp(input);
  const number = input.deferNumber ? `pending-${randomUUID()}` : await nextDocumentNumber(tx, "invoice", input.at);
  const paid = input.status === "paid";
  const invoice = await tx.invoice.create({
    data: {
      number,
      accountId: input.accountId,
      orderId: input.orderId ?? null,
      status: paid ? "paid" : "unpaid",
      currency: input.currency,
      subtotal: input.subtotal,
      vatRate: input.vatRate,
      vatAmount: input.vatAmount,
      total: input.total,
      paidAmount: paid ? input.total : new Prisma.Decimal(0),
      dueDate: input.dueDate,
      issuedAt: input.at,
      paidAt: paid ? input.at : null,
      items: { createMany: { data: input.lines.map(lineData) } },
    },
    select: { id: true, number: true },
  });
  // Told by email: an unpaid invoice is due, a paid one was paid (docs/email.md).
  if (paid) await recordAccountEvent(tx, { accountId: input.accountId, type: "payment.received", payload: { invoiceId: invoice.id }, now: input.at });
  else await recordAccountEvent(tx, { accountId: input.accountId, type: "invoice.raised", payload: { documentType: "invoice", documentId: invoice.id }, now: input.at });
  return invoice;
}

export function lineData(line: DocumentLineInput) {
  return {
    description: line.description,
    quantity: line.quantity,
    unitAmount: line.unitAmount,
    amount: line.amount,
    serviceId: line.serviceId ?? null,
  };
}

/** A document whose figures do not add up is a bug in its caller; refuse to store it. */
export function assertAddsUp(input: BillingDocumentInput): void {
  const lines = input.lines.reduce((s, l) => s.plus(l.amount), new Prisma.Decimal(0));
  if (!lines.equals(input.subtotal)) throw new Error(`Document lines add up to ${lines.toFixed(4)}, not the subtotal ${input.subtotal.toFixed(4)}`);
  if (!input.subtotal.plus(input.vatAmount).equals(input.total)) throw new Error("Document subtotal + VAT is not its total");
}
