import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";
import { requireTeamOwner } from "./require-team-owner";
import type { TeamActor } from "./team-actor";
import { MEMBER_GONE } from "./update-member-permissions";

/**
 * Removes a member from the actor's team and revokes the API keys they minted for this account, in
 * one transaction. The panel resolves the membership per request, so they lose access with their
 * next request. Allowed on a suspended account too: it only takes access away.
 */
export async function removeTeamMember(
  ctx: { db: Db; now: Date },
  actor: TeamActor,
  input: { memberId: string },
): Promise<{ name: string; email: string; revokedKeys: number }> {
  return ctx.db.$transaction(async (tx) => {
    const account = await requireTeamOwner(tx, actor);
    const member = isUuid(input.memberId)
      ? await tx.teamMember.findFirst({ where: { id: input.memberId, accountId: account.id }, select: { id: true, user: { select: { id: true, name: true, email: true } } } })
      : null;
    if (!member) throw new DomainError("not_found", MEMBER_GONE);
    await tx.teamMember.delete({ where: { id: member.id } });
    const keys = await tx.customerApiKey.updateMany({ where: { accountId: account.id, userId: member.user.id, revokedAt: null }, data: { revokedAt: ctx.now } });
    return { name: member.user.name, email: member.user.email, revokedKeys: keys.count };
  });
}
