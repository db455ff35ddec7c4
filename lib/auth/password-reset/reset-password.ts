import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { parseActionInput } from "@/lib/actions/action-result";
import { ZNewPassword } from "@/lib/accounts/sign-up/sign-up-schema";
import { consumeEmailTokenOrThrow } from "../email-tokens/consume-email-token";
import { hashPassword } from "../password";

export const ZResetPassword = z
  .object({ token: z.string().min(1).max(200), password: ZNewPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords differ." });

/**
 * Sets a new password from a reset link: spends the token (a link works once, even opened twice at
 * the same moment), stores the new hash, ends every session of the user (sessionVersion) and spends
 * their other reset links, in one transaction. Returns the address, to prefill the sign-in form.
 */
export async function resetPassword(ctx: { db: Db; now: Date }, raw: { token: string; password: string; confirm: string }): Promise<{ email: string }> {
  const input = parseActionInput(ZResetPassword, raw);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.$transaction(async (tx) => {
    const token = await consumeEmailTokenOrThrow(tx, { purpose: "password_reset", token: input.token, now: ctx.now });
    const user = await tx.user.update({
      where: { id: token.userId! },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { email: true },
    });
    await tx.emailToken.updateMany({ where: { userId: token.userId, purpose: "password_reset", usedAt: null }, data: { usedAt: ctx.now } });
    return { email: user.email };
  });
}
