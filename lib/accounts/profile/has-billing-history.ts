import type { DbOrTx } from "@/lib/db/client";

/**
 * Whether anything has been billed to the account in its currency: an order, invoice, proforma,
 * payment or credit ledger row. Until then the owner may still change the currency (docs/accounts.md,
 * "Profile and password"); afterwards amounts on file would no longer match it.
 */
export async function hasBillingHistory(db: DbOrTx, accountId: string): Promise<boolean> {
  const where = { accountId };
  const found = await Promise.all([
    db.order.findFirst({ where, select: { id: true } }),
    db.invoice.findFirst({ where, select: { id: true } }),
    db.proforma.findFirst({ where, select: { id: true } }),
    db.payment.findFirst({ where, select: { id: true } }),
    db.creditLedgerEntry.findFirst({ where, select: { id: true } }),
  ]);
  return found.some((row) => row !== null);
}
