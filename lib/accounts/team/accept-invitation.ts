import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { consumeEmailTokenOrThrow, findUsableEmailTokenOrThrow } from "@/lib/auth/email-tokens/consume-email-token";
import type { AccountPermission } from "../account-permissions";
import { assertMayJoinTeam } from "./assert-may-join-team";
import { teamInvitationPayload } from "./team-invitation-payload";

/**
 * Accepts a team invitation for the signed-in user: spends the link and makes them a member with the
 * permissions it carries, in one transaction. Every refusal that is about who accepts (another
 * address, already on the team, already in another account) leaves the link working, so the right
 * person can still use it. Of two accepts of one link exactly one succeeds (the spend is one
 * conditional UPDATE); the user's row is locked, so one user's accepts of two links are one at a time.
 */
export async function acceptInvitation(ctx: { db: Db; now: Date }, input: { token: string; userId: string }): Promise<{ accountId: string; accountName: string; permissions: AccountPermission[] }> {
  try {
    return await ctx.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${input.userId}::uuid FOR NO KEY UPDATE`;
      const found = await findUsableEmailTokenOrThrow(tx, { purpose: "team_invitation", token: input.token, now: ctx.now });
      const account = await assertMayJoinTeam(tx, { email: found.email, accountId: found.accountId, userId: input.userId });

      const token = await consumeEmailTokenOrThrow(tx, { purpose: "team_invitation", token: input.token, now: ctx.now });
      const { permissions } = teamInvitationPayload(token.payload);
      await tx.teamMember.create({ data: { accountId: account.id, userId: input.userId, permissions, createdAt: ctx.now } });
      return { accountId: account.id, accountName: account.name, permissions };
    });
  } catch (error) {
    // A membership written meanwhile by another path (the unique account + user pair).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new DomainError("conflict", "You are already on this team.");
    throw error;
  }
}
