import { z } from "zod";
import { parseActionInput } from "@/lib/actions/action-result";
import { consumeEmailTokenOrThrow, findUsableEmailTokenOrThrow, LINK_INVALID } from "@/lib/auth/email-tokens/consume-email-token";
import type { Db, DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { emailChangePayload, type EmailChangePayload } from "./email-change-payload";

export const EMAIL_TAKEN_MEANWHILE = "That address now belongs to another sign-in, so your address was not changed. Ask for the change again with another address.";

export const ZConfirmEmailChange = z.object({ token: z.string().min(1, LINK_INVALID).max(200, LINK_INVALID) });

const invalidLink = () => new DomainError("not_found", LINK_INVALID);
const takenMeanwhile = () => new DomainError("conflict", EMAIL_TAKEN_MEANWHILE);
const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

function payloadOf(token: { userId: string | null; payload: Prisma.JsonValue }): EmailChangePayload {
  const payload = emailChangePayload(token.payload);
  if (!payload || payload.userId !== token.userId) throw invalidLink();
  return payload;
}

/**
 * What the link's page shows before the button: the address now and the one it becomes. Spends
 * nothing (mail scanners open links too); refuses a link that would not work now, with the reason.
 */
export async function describeEmailChange({ db, now }: { db: DbOrTx; now: Date }, input: { token: string }): Promise<{ currentEmail: string; newEmail: string }> {
  const row = await findUsableEmailTokenOrThrow(db, { purpose: "email_change", token: input.token, now });
  const payload = payloadOf(row);
  const user = await db.user.findUnique({ where: { id: payload.userId }, select: { email: true } });
  if (!user) throw invalidLink();
  return { currentEmail: user.email, newEmail: payload.newEmail };
}

/**
 * The link's button (docs/accounts.md#email-change): spends the token (one conditional update, so a
 * link works once even pressed twice at the same moment), sets the user's sign-in address and bumps
 * `sessionVersion` (every session ends; the person signs in again with the new address), in one
 * transaction. An address another user took since the link was sent is refused with a sentence,
 * whether seen first or caught by the unique constraint (two users racing for it: one wins), and
 * nothing changes. Returns the new address, to prefill the sign-in form.
 */
export async function confirmEmailChange(ctx: { db: Db; now: Date }, raw: { token: string }): Promise<{ email: string }> {
  const input = parseActionInput(ZConfirmEmailChange, raw);
  try {
    return await ctx.db.$transaction(async (tx) => {
      const token = await consumeEmailTokenOrThrow(tx, { purpose: "email_change", token: input.token, now: ctx.now });
      const { userId, newEmail } = payloadOf(token);
      if (await tx.user.findFirst({ where: { email: { equals: newEmail, mode: "insensitive" }, id: { not: userId } }, select: { id: true } })) throw takenMeanwhile();
      const [updated] = await tx.user.updateManyAndReturn({ where: { id: userId }, data: { email: newEmail, sessionVersion: { increment: 1 } }, select: { email: true } });
      if (!updated) throw invalidLink();
      // Any other change link of the user is spent: it was asked for from the old address's sign-in.
      await tx.emailToken.updateMany({ where: { userId, purpose: "email_change", usedAt: null }, data: { usedAt: ctx.now } });
      return { email: updated.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw takenMeanwhile();
    throw error;
  }
}
