import type { CreditContext } from "@/lib/billing/resolve-credit-account";
import { Prisma } from "@/lib/generated/prisma/client";

export interface CreditBalance {
  balance: Prisma.Decimal;
  currency: string;
}

/**
 * The caller's own credit balance. Credit is per user (the customer API spec Authentication §3): the
 * owner's is the account's; a team member's is that of the account the member owns themselves
 * (the oldest one that is not closed), or zero in the shared account's currency when they own none.
 */
export async function getCreditBalance({ db, actor }: CreditContext): Promise<CreditBalance> {
  if (actor.isOwner) {
    const account = await db.clientAccount.findUniqueOrThrow({
      where: { id: actor.accountId },
      select: { creditBalance: true, currency: true },
    });
    return { balance: account.creditBalance, currency: account.currency };
  }
  const own = await db.clientAccount.findFirst({
    where: { ownerId: actor.userId, status: { not: "closed" } },
    orderBy: { createdAt: "asc" },
    select: { creditBalance: true, currency: true },
  });
  if (own) return { balance: own.creditBalance, currency: own.currency };
  const shared = await db.clientAccount.findUniqueOrThrow({ where: { id: actor.accountId }, select: { currency: true } });
  return { balance: new Prisma.Decimal(0), currency: shared.currency };
}
