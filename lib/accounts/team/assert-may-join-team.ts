import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";

export const ACCOUNT_CLOSED = "This invitation no longer works: the account it was for is closed.";
export const wrongAddress = (email: string) => `This invitation was sent to ${email}. Sign in with that address to accept it.`;
export const alreadyOnTeam = (accountName: string) => `You are already on the team of ${accountName}.`;
/** A user belongs to one customer account (docs/accounts.md#teams, "One account per user"). */
export const oneAccountOnly = (otherAccount: string) =>
  `Your sign-in already belongs to ${otherAccount}, and a sign-in can belong to one customer account only. Accept the invitation with another email address: ask the owner to invite that one.`;

/** Why a user may not accept an invitation; the page offers a way on for each. */
export type JoinRefusalCode = "WRONG_ADDRESS" | "ALREADY_ON_TEAM" | "OTHER_ACCOUNT";

/**
 * The account the invitation is for, if `userId` may join it now; else the refusal, in the invitee's
 * words, with its JoinRefusalCode. Checked before the link is spent, so a refusal leaves it working.
 */
export async function assertMayJoinTeam(tx: DbOrTx, input: { email: string; accountId: string | null; userId: string }): Promise<{ id: string; name: string }> {
  const user = await tx.user.findUnique({
    where: { id: input.userId },
    select: {
      email: true,
      ownedAccounts: { where: { status: { not: "closed" } }, select: { id: true, name: true } },
      memberships: { where: { account: { status: { not: "closed" } } }, select: { account: { select: { id: true, name: true } } } },
    },
  });
  if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) throw new DomainError("forbidden", wrongAddress(input.email), { code: "WRONG_ADDRESS" });
  const account = input.accountId ? await tx.clientAccount.findUnique({ where: { id: input.accountId }, select: { id: true, name: true, status: true } }) : null;
  if (!account || account.status === "closed") throw new DomainError("not_found", ACCOUNT_CLOSED);
  const accounts = [...user.ownedAccounts, ...user.memberships.map((m) => m.account)];
  if (accounts.some((a) => a.id === account.id)) throw new DomainError("conflict", alreadyOnTeam(account.name), { code: "ALREADY_ON_TEAM" });
  // The panel shows one customer account per user (lib/auth/resolve-areas.ts): a second would be unreachable.
  if (accounts[0]) throw new DomainError("conflict", oneAccountOnly(accounts[0].name), { code: "OTHER_ACCOUNT" });
  return account;
}
