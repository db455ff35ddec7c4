import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";

export const CUSTOMER_ACCOUNT_NOT_FOUND = "Customer account not found";
export const PERSON_NOT_ON_ACCOUNT = "That person is not on this account.";

export interface AccountPerson {
  accountId: string;
  ownerId: string;
  /** The person chosen: `userId` when given, else the owner. */
  userId: string;
  role: "owner" | "member";
}

/**
 * One of a customer account's people, for the operator actions that act on a person: the owner
 * unless `userId` names a member. An id that is not a uuid or not an account is 404, as is a person
 * not on the account (so an operator cannot reach someone else through this account's page).
 * `closedRefusal`: refuse a closed account with this sentence (409); checked before the person, so
 * a closed account answers the same whoever is named.
 */
export async function findAccountPersonOrThrow(db: DbOrTx, input: { accountId: string; userId?: string; closedRefusal?: string }): Promise<AccountPerson> {
  const account = isUuid(input.accountId)
    ? await db.clientAccount.findUnique({ where: { id: input.accountId }, select: { id: true, status: true, ownerId: true, members: { select: { userId: true } } } })
    : null;
  if (!account) throw new DomainError("not_found", CUSTOMER_ACCOUNT_NOT_FOUND);
  if (input.closedRefusal !== undefined && account.status === "closed") throw new DomainError("conflict", input.closedRefusal);
  // `||`, not `??`: a form's empty field means the owner.
  const userId = input.userId || account.ownerId;
  const role = userId === account.ownerId ? "owner" : "member";
  if (role === "member" && !account.members.some((m) => m.userId === userId)) throw new DomainError("not_found", PERSON_NOT_ON_ACCOUNT);
  return { accountId: account.id, ownerId: account.ownerId, userId, role };
}
