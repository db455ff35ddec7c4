import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { documentNotFound, type BillingDocumentType } from "./billing-errors";

const TABLE: Record<BillingDocumentType, Prisma.Sql> = { invoice: Prisma.sql`"Invoice"`, proforma: Prisma.sql`"Proforma"` };

/** Takes the row lock of an account's document; not the account's (or no such row) → 404. */
async function lockDocumentRow(tx: DbOrTx, type: BillingDocumentType, id: string, accountId: string): Promise<void> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM ${TABLE[type]} WHERE "id" = ${id}::uuid AND "accountId" = ${accountId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new DomainError("not_found", documentNotFound(type));
}

/**
 * Locks an account's invoice row (`FOR UPDATE`) until the transaction ends and reads it. Every
 * payment of a document takes this lock first, then the credit account's (postCreditEntry), always
 * in that order, so concurrent payments of one document are serialised without deadlocks and the
 * second one sees the first one's result. Not the account's → 404 (never distinguished).
 */
export async function lockInvoice(tx: DbOrTx, invoiceId: string, accountId: string) {
  await lockDocumentRow(tx, "invoice", invoiceId, accountId);
  return tx.invoice.findUniqueOrThrow({ where: { id: invoiceId } });
}

/** The proforma counterpart of lockInvoice. */
export async function lockProforma(tx: DbOrTx, proformaId: string, accountId: string) {
  await lockDocumentRow(tx, "proforma", proformaId, accountId);
  return tx.proforma.findUniqueOrThrow({ where: { id: proformaId } });
}
