import type { Db } from "@/lib/db/client";
import type { AccountPermission } from "../account-permissions";
import { requireTeamOwner } from "./require-team-owner";
import type { TeamActor } from "./team-actor";
import { knownPermissions, teamInvitationPayload } from "./team-invitation-payload";

export interface TeamMemberRow {
  id: string;
  userId: string;
  name: string;
  email: string;
  permissions: AccountPermission[];
  joinedAt: Date;
}

export interface PendingInvitationRow {
  id: string;
  email: string;
  permissions: AccountPermission[];
  sentAt: Date;
  expiresAt: Date;
}

export interface Team {
  accountName: string;
  owner: { name: string; email: string };
  members: TeamMemberRow[];
  /** Invitations whose link still works: not accepted, revoked or replaced, and not expired. */
  invitations: PendingInvitationRow[];
}

/** The actor's team, for its owner: the members and the invitations waiting. */
export async function listTeam(ctx: { db: Db; now: Date }, actor: TeamActor): Promise<Team> {
  return ctx.db.$transaction(async (tx) => {
    const account = await requireTeamOwner(tx, actor);
    const [members, tokens] = await Promise.all([
      tx.teamMember.findMany({
        where: { accountId: account.id },
        orderBy: { createdAt: "asc" },
        select: { id: true, permissions: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
      }),
      tx.emailToken.findMany({
        where: { purpose: "team_invitation", accountId: account.id, usedAt: null, expiresAt: { gt: ctx.now } },
        orderBy: { createdAt: "desc" },
        select: { id: true, email: true, payload: true, createdAt: true, expiresAt: true },
      }),
    ]);
    return {
      accountName: account.name,
      owner: { name: account.owner.name, email: account.owner.email },
      members: members.map((m) => ({ id: m.id, userId: m.user.id, name: m.user.name, email: m.user.email, permissions: knownPermissions(m.permissions), joinedAt: m.createdAt })),
      invitations: tokens.map((t) => ({ id: t.id, email: t.email, permissions: teamInvitationPayload(t.payload).permissions, sentAt: t.createdAt, expiresAt: t.expiresAt })),
    };
  });
}
