import type { Tx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { AccountStatus } from "@/lib/generated/prisma/enums";
import { ONLY_THE_OWNER, type TeamActor } from "./team-actor";

export interface OwnedAccount {
  id: string;
  name: string;
  status: AccountStatus;
  owner: { id: string; name: string; email: string };
}

/**
 * The actor's account, read and row-locked in the caller's transaction, if the actor owns it; else
 * 403. The membership says so already, but ownership is checked against the row itself, so a stale
 * membership can never manage a team. The lock serialises team changes of one account (the pending
 * invitations cap, re-invites). `FOR NO KEY UPDATE`: inserting rows that reference the account only
 * takes `FOR KEY SHARE`, which it does not block (see lib/orders/order-writes.ts, lockBuyer).
 */
export async function requireTeamOwner(tx: Tx, actor: TeamActor): Promise<OwnedAccount> {
  if (actor.membership.role !== "owner") throw new DomainError("forbidden", ONLY_THE_OWNER);
  await tx.$queryRaw`SELECT "id" FROM "ClientAccount" WHERE "id" = ${actor.membership.accountId}::uuid FOR NO KEY UPDATE`;
  const account = await tx.clientAccount.findUnique({
    where: { id: actor.membership.accountId },
    select: { id: true, name: true, status: true, owner: { select: { id: true, name: true, email: true } } },
  });
  if (!account || account.owner.id !== actor.userId || account.status === "closed") throw new DomainError("forbidden", ONLY_THE_OWNER);
  return account;
}
