import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { parseActionInput } from "@/lib/actions/action-result";
import { emailLinksExhausted } from "@/lib/auth/email-tokens/email-request-limits";
import { issueEmailToken } from "@/lib/auth/email-tokens/issue-email-token";
import { queueEmail } from "@/lib/mail/queue-email";
import { accountSuspendedError, isAccountWritable, type AccountPermission } from "../account-permissions";
import { requireTeamOwner } from "./require-team-owner";
import type { TeamActor } from "./team-actor";
import type { TeamInvitationPayload } from "./team-invitation-payload";
import { ZInviteTeamMemberSchema, type TInviteTeamMemberInput } from "./team-permissions-schema";

/** Invitations one account may have waiting at a time. */
export const MAX_PENDING_INVITATIONS = 20;

export const TOO_MANY_PENDING = `This account has ${MAX_PENDING_INVITATIONS} invitations waiting. Revoke one, or wait until some are accepted, before inviting someone else.`;

export interface InviteContext {
  db: Db;
  now: Date;
  /** The portal's origin, for the link in the email. */
  origin: string;
}

const onEmailField = (message: string) => new DomainError("invalid", message, { details: [{ field: "email", message }] });

/**
 * Invites someone to the actor's account (docs/accounts.md#teams): a one-time link (7 days) carrying
 * the permissions, and the email with it, in one transaction; the caller asks for the send after the
 * commit (requestEmailSend). Inviting an address that already has an invitation waiting replaces it:
 * the old link stops working. Only the owner, on an account that is not suspended.
 */
export async function inviteTeamMember(
  ctx: InviteContext,
  actor: TeamActor,
  raw: TInviteTeamMemberInput,
): Promise<{ invitationId: string; email: string; permissions: AccountPermission[]; expiresAt: Date; replaced: boolean }> {
  const input = parseActionInput(ZInviteTeamMemberSchema, raw);

  return ctx.db.$transaction(async (tx) => {
    const account = await requireTeamOwner(tx, actor);
    if (!isAccountWritable(account.status)) throw accountSuspendedError(account.status);

    const onTeam =
      account.owner.email.toLowerCase() === input.email ||
      (await tx.teamMember.count({ where: { accountId: account.id, user: { email: { equals: input.email, mode: "insensitive" } } } })) > 0;
    if (onTeam) throw onEmailField(`${input.email} is already on the team.`);

    // Links of this purpose one address receives per hour: an owner cannot make the portal flood someone's inbox.
    if (await emailLinksExhausted(tx, { purpose: "team_invitation", email: input.email, now: ctx.now })) {
      throw onEmailField(`${input.email} was sent several invitations in the last hour. Wait a while before sending another.`);
    }

    const waiting = { purpose: "team_invitation", accountId: account.id, usedAt: null, expiresAt: { gt: ctx.now } } as const;
    // The previous invitation of this address is spent, so only the newest link works.
    const replaced = await tx.emailToken.updateMany({ where: { ...waiting, email: input.email }, data: { usedAt: ctx.now } });
    if ((await tx.emailToken.count({ where: waiting })) >= MAX_PENDING_INVITATIONS) throw new DomainError("conflict", TOO_MANY_PENDING);

    const payload: TeamInvitationPayload = { permissions: input.permissions, invitedBy: actor.userId };
    const issued = await issueEmailToken(tx, { purpose: "team_invitation", email: input.email, accountId: account.id, payload: { ...payload }, now: ctx.now });
    await queueEmail(tx, {
      dedupeKey: `token:${issued.id}`,
      template: "team-invitation",
      to: input.email,
      accountId: account.id,
      data: {
        inviter: account.owner.name || account.owner.email,
        accountName: account.name,
        url: `${ctx.origin}/invitation?token=${issued.token}`,
        expiresAt: issued.expiresAt.toISOString(),
      },
      now: ctx.now,
    });
    return { invitationId: issued.id, email: input.email, permissions: input.permissions, expiresAt: issued.expiresAt, replaced: replaced.count > 0 };
  });
}
