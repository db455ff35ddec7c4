import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";
import { requireTeamOwner } from "./require-team-owner";
import type { TeamActor } from "./team-actor";

export const INVITATION_GONE = "That invitation was already accepted, revoked or has expired.";

/**
 * Withdraws an invitation waiting on the actor's account: its link stops working at once (the token
 * is spent). Allowed on a suspended account too: it only takes access away.
 */
export async function revokeInvitation(ctx: { db: Db; now: Date }, actor: TeamActor, input: { invitationId: string }): Promise<{ email: string }> {
  return ctx.db.$transaction(async (tx) => {
    const account = await requireTeamOwner(tx, actor);
    if (!isUuid(input.invitationId)) throw new DomainError("not_found", INVITATION_GONE);
    const [spent] = await tx.emailToken.updateManyAndReturn({
      where: { id: input.invitationId, purpose: "team_invitation", accountId: account.id, usedAt: null, expiresAt: { gt: ctx.now } },
      data: { usedAt: ctx.now },
      select: { email: true },
    });
    if (!spent) throw new DomainError("not_found", INVITATION_GONE);
    return { email: spent.email };
  });
}
