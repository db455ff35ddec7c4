import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { documentNotFound } from "./billing-errors";

/**
 * Locks an account's invoice row (`FOR UPDATE`) until the transaction ends and reads it. Every
 * payment of a document takes this lock first, then the credit account's (postCreditEntry), always
 * in that order, so concurrent payments of one document are serialised without deadlocks and the
 * second one sees the first one's result. Not the account's → 404 (never distinguished).
 */
export async function lockInvoice(tx: DbOrTx, invoiceId: string, accountId: string) {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Invoice" WHERE "id" = ${invoiceId}::uuid AND "accountId" = ${accountId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new DomainError("not_found", documentNotFound("invoice"));
  return tx.invoice.findUniqueOrThrow({ where: { id: invoiceId } });
}

/** The proforma counterpart of lockInvoice. */
export async function lockProforma(tx: DbOrTx, proformaId: string, accountId: string) {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Proforma" WHERE "id" = ${proformaId}::uuid AND "accountId" = ${accountId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new DomainError("not_found", documentNotFound("proforma"));
  return tx.proforma.findUniqueOrThrow({ where: { id: proformaId } });
}
