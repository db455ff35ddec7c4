import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { parseActionInput } from "@/lib/actions/action-result";
import { accountSuspendedError, isAccountWritable, type AccountPermission } from "../account-permissions";
import { requireTeamOwner } from "./require-team-owner";
import type { TeamActor } from "./team-actor";
import { ZUpdateMemberPermissionsSchema, type TUpdateMemberPermissionsInput } from "./team-permissions-schema";

export const MEMBER_GONE = "That team member is no longer on the team.";

/**
 * Replaces a member's permissions. They apply from the member's next request, in the panel and
 * through their API keys alike (both read the membership per request, docs/decisions.md#r12).
 */
export async function updateMemberPermissions(
  ctx: { db: Db; now: Date },
  actor: TeamActor,
  raw: TUpdateMemberPermissionsInput,
): Promise<{ name: string; email: string; permissions: AccountPermission[] }> {
  const input = parseActionInput(ZUpdateMemberPermissionsSchema, raw);
  return ctx.db.$transaction(async (tx) => {
    const account = await requireTeamOwner(tx, actor);
    if (!isAccountWritable(account.status)) throw accountSuspendedError(account.status);
    const [member] = await tx.teamMember.updateManyAndReturn({
      where: { id: input.memberId, accountId: account.id },
      data: { permissions: input.permissions },
      select: { userId: true },
    });
    if (!member) throw new DomainError("not_found", MEMBER_GONE);
    const user = await tx.user.findUniqueOrThrow({ where: { id: member.userId }, select: { name: true, email: true } });
    return { ...user, permissions: input.permissions };
  });
}
