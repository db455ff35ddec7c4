import type { Db } from "@/lib/db/client";
import { findUsableEmailTokenOrThrow } from "@/lib/auth/email-tokens/consume-email-token";
import { DomainError } from "@/lib/errors/domain-error";
import type { AccountPermission } from "../account-permissions";
import { ACCOUNT_CLOSED, assertMayJoinTeam, type JoinRefusalCode } from "./assert-may-join-team";
import { teamInvitationPayload } from "./team-invitation-payload";

export interface InvitationSummary {
  email: string;
  accountName: string;
  inviterName: string;
  permissions: AccountPermission[];
  expiresAt: Date;
  /** For a signed-in user: null when they may accept now, else why not (the link stays usable). */
  refusal: { code: JoinRefusalCode; message: string } | null;
}

/**
 * What an invitation link offers, for the page that shows it, without spending it; with `userId`,
 * whether that user may accept it (the same check acceptInvitation makes). Refuses with the reason
 * the link no longer works (used, expired, not valid) or the account is closed.
 */
export async function describeInvitation(ctx: { db: Db; now: Date }, input: { token: string; userId?: string | null }): Promise<InvitationSummary> {
  const token = await findUsableEmailTokenOrThrow(ctx.db, { purpose: "team_invitation", token: input.token, now: ctx.now });
  const account = token.accountId
    ? await ctx.db.clientAccount.findUnique({ where: { id: token.accountId }, select: { name: true, status: true, owner: { select: { name: true, email: true } } } })
    : null;
  if (!account || account.status === "closed") throw new DomainError("not_found", ACCOUNT_CLOSED);
  let refusal: InvitationSummary["refusal"] = null;
  if (input.userId) {
    try {
      await assertMayJoinTeam(ctx.db, { email: token.email, accountId: token.accountId, userId: input.userId });
    } catch (error) {
      if (!(error instanceof DomainError) || !error.code) throw error;
      refusal = { code: error.code as JoinRefusalCode, message: error.message };
    }
  }
  return {
    email: token.email,
    accountName: account.name,
    inviterName: account.owner.name || account.owner.email,
    permissions: teamInvitationPayload(token.payload).permissions,
    expiresAt: token.expiresAt,
    refusal,
  };
}
