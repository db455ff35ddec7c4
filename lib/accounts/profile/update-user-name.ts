import { z } from "zod";
import { parseActionInput } from "@/lib/actions/action-result";
import type { TransactingContext } from "@/lib/db/domain-context";
import { ZSignUpSchema } from "../sign-up/sign-up-schema";

export const ZUserName = z.object({ name: ZSignUpSchema.shape.name });
export type TUserNameInput = z.input<typeof ZUserName>;

/** The signed-in user, who changes their own name. */
export type UserNameContext = TransactingContext<{ userId: string }>;

/**
 * Stores the user's name (the sign-up rule: 1-120 characters). An account they own without a
 * company carries their name (the sign-up rule for ClientAccount.name), so it is renamed with them.
 */
export async function updateUserName(ctx: UserNameContext, raw: TUserNameInput): Promise<{ name: string }> {
  const { name } = parseActionInput(ZUserName, raw);
  return ctx.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: ctx.actor.userId }, data: { name } });
    await tx.clientAccount.updateMany({ where: { ownerId: ctx.actor.userId, company: null, status: { not: "closed" } }, data: { name } });
    return { name };
  });
}
