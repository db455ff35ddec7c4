import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Adds prepaid credit the way the ledger demands: a `top_up` row and the cached balance move
 * together in the caller's transaction, and balanceAfter is computed from the locked balance.
 */
export async function topUpCredit(tx: Tx, accountId: string, amount: string, description: string): Promise<void> {
  const account = await tx.clientAccount.update({
    where: { id: accountId },
    data: { creditBalance: { increment: amount } },
    select: { creditBalance: true, currency: true },
  });
  await tx.creditLedgerEntry.create({
    data: {
      accountId,
      kind: "top_up",
      amount: new Prisma.Decimal(amount),
      balanceAfter: account.creditBalance,
      currency: account.currency,
      description,
    },
  });
}
