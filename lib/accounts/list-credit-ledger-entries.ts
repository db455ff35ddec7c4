import { getDb, type DbOrTx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

export const LEDGER_ENTRY_SELECT = {
  id: true,
  kind: true,
  amount: true,
  balanceAfter: true,
  currency: true,
  description: true,
  invoiceId: true,
  proformaId: true,
  orderId: true,
  createdAt: true,
} satisfies Prisma.CreditLedgerEntrySelect;

export type LedgerEntrySummary = Prisma.CreditLedgerEntryGetPayload<{ select: typeof LEDGER_ENTRY_SELECT }>;

/** The account's most recent credit ledger entries, newest first (at most `limit`, 1-100). */
export async function listCreditLedgerEntries(
  actor: { accountId: string },
  input: { limit: number },
  options: { db?: DbOrTx } = {},
): Promise<LedgerEntrySummary[]> {
  const db = options.db ?? getDb();
  const limit = Math.min(100, Math.max(1, Math.floor(input.limit)));
  return db.creditLedgerEntry.findMany({
    where: { accountId: actor.accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: LEDGER_ENTRY_SELECT,
  });
}
