import { isUuid } from "@/lib/schemas/uuid";
import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import { ApiKeyError } from "./api-key-error";

/** Who manages an account's customer API keys in the panel: the signed-in user and their account. */
export type CustomerKeyActor = { accountId: string; userId: string };

/** The context every customer API key function takes first (lib/db/domain-context.ts). */
export type CustomerApiKeyContext<D extends DbOrTx = DbOrTx> = DomainContext<CustomerKeyActor, D>;

export type ResolvedCustomerKeyActor = CustomerKeyActor & {
  isOwner: boolean;
  /** The member's account permissions, read now; "all" for the owner. */
  permissions: string[] | "all";
};

/**
 * Reads the actor's standing fresh from the database (never from the session): the owner manages
 * every key of the account, a team member only the keys they minted. Anyone else: not found.
 */
export async function resolveCustomerKeyActor(db: DbOrTx, actor: CustomerKeyActor): Promise<ResolvedCustomerKeyActor> {
  const account = await db.clientAccount.findFirst({
    where: { id: actor.accountId, status: { not: "closed" } },
    select: { ownerId: true, members: { where: { userId: actor.userId }, select: { permissions: true } } },
  });
  if (!account) throw new ApiKeyError("not_found", "Account not found");
  if (account.ownerId === actor.userId) return { ...actor, isOwner: true, permissions: "all" };
  const member = account.members[0];
  if (!member) throw new ApiKeyError("not_found", "Account not found");

  return { ...actor, isOwner: false, permissions: member.permissions };
}

/** Key ids come from forms; anything that is not a uuid cannot name a key (and would make Prisma throw). */
export function isKeyId(value: string): boolean {
  return isUuid(value);
}
