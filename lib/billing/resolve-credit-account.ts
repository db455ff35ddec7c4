import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import type { BillingActor } from "./billing-actor";

/** Who spends or reads credit: the user (credit is per user) acting on an account. */
export interface CreditActor extends BillingActor {
  /** The account whose documents the actor works on (the key's or the panel's account). */
  accountId: string;
  userId: string;
  isOwner: boolean;
}

/** The context every credit function takes first (lib/db/domain-context.ts). */
export type CreditContext<D extends DbOrTx = DbOrTx> = DomainContext<CreditActor, D>;

/**
 * The account whose credit the actor spends. Credit is per user (the customer API spec Authentication
 * §3, the same rule as getCreditBalance): the owner spends the account's credit; a team member
 * spends the credit of the account they own themselves (the oldest one that is not closed), and
 * has none when they own no account (null).
 */
export async function resolveCreditAccountId(db: DbOrTx, actor: CreditActor): Promise<string | null> {
  if (actor.isOwner) return actor.accountId;
  const own = await db.clientAccount.findFirst({
    where: { ownerId: actor.userId, status: { not: "closed" } },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  return own?.id ?? null;
}
