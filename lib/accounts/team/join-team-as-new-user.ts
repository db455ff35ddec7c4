import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { parseActionInput } from "@/lib/actions/action-result";
import { consumeEmailTokenOrThrow, findUsableEmailTokenOrThrow } from "@/lib/auth/email-tokens/consume-email-token";
import { hashPassword } from "@/lib/auth/password";
import { ZNewPassword } from "../sign-up/sign-up-schema";
import { teamInvitationPayload } from "./team-invitation-payload";

export const ZJoinTeamSchema = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(120, "Use at most 120 characters."),
  password: ZNewPassword,
});

export const HAS_AN_ACCOUNT = "This address already has an account. Sign in with it to accept the invitation.";

/**
 * Accepts an invitation by creating the invited person's sign-in (docs/accounts.md#teams): the link
 * reached their inbox, which proves the address as a sign-up link would, so no second email is sent.
 * Creates the user (with no account of their own: they belong to the inviting account) and their
 * membership, and spends the link, in one transaction. An address that already has a sign-in is
 * refused with the link left working, so its owner can sign in and accept.
 */
export async function joinTeamAsNewUser(ctx: { db: Db; now: Date }, raw: { token: string; name: string; password: string }): Promise<{ email: string }> {
  const input = parseActionInput(ZJoinTeamSchema, { name: raw.name, password: raw.password });
  const found = await findUsableEmailTokenOrThrow(ctx.db, { purpose: "team_invitation", token: raw.token, now: ctx.now });
  if (await ctx.db.user.findUnique({ where: { email: found.email }, select: { id: true } })) throw new DomainError("conflict", HAS_AN_ACCOUNT);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.$transaction(async (tx) => {
      const token = await consumeEmailTokenOrThrow(tx, { purpose: "team_invitation", token: raw.token, now: ctx.now });
      const account = token.accountId ? await tx.clientAccount.findUnique({ where: { id: token.accountId }, select: { id: true, status: true } }) : null;
      if (!account || account.status === "closed") throw new DomainError("not_found", "The account of this invitation is closed.");
      const user = await tx.user.create({ data: { email: token.email, name: input.name, passwordHash, createdAt: ctx.now }, select: { id: true } });
      await tx.teamMember.create({ data: { accountId: account.id, userId: user.id, permissions: teamInvitationPayload(token.payload).permissions, createdAt: ctx.now } });
      return { email: token.email };
    });
  } catch (error) {
    // The address got a sign-in between the check and the insert: the transaction (and the spend) rolled back.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new DomainError("conflict", HAS_AN_ACCOUNT);
    throw error;
  }
}
