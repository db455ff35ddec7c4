import type { Prisma } from "@/lib/generated/prisma/client";
import { pageWindow } from "@/lib/schemas/pagination";
import { resolveCreditAccountId, type CreditContext } from "./resolve-credit-account";

const ROW = {
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
} as const;
export type CreditTransaction = Prisma.CreditLedgerEntryGetPayload<{ select: typeof ROW }>;

/**
 * The actor's own credit ledger (credit is per user), newest first, one page. A team member who
 * owns no account has none. Each row carries the balance after it, so a page reads like a statement.
 * The one reader of the ledger: the panel's credit page, `GET /account/transactions` and the
 * reseller portal's recent movements (the reseller account's, read as its owner, first page).
 */
export async function listCreditTransactions(
  { db, actor }: CreditContext,
  page: { page: number; limit: number },
): Promise<{ transactions: CreditTransaction[]; total: number }> {
  const creditAccountId = await resolveCreditAccountId(db, actor);
  if (!creditAccountId) return { transactions: [], total: 0 };
  const where = { accountId: creditAccountId };
  const [transactions, total] = await Promise.all([
    // id breaks ties between entries of one instant; createdAt is the posting time.
    db.creditLedgerEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(page.page, page.limit), select: ROW }),
    db.creditLedgerEntry.count({ where }),
  ]);
  return { transactions, total };
}
