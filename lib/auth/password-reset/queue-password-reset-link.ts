import type { DbOrTx } from "@/lib/db/client";
import { queueEmail } from "@/lib/mail/queue-email";
import { issueEmailToken } from "../email-tokens/issue-email-token";

/**
 * Issues a reset link for `user` and queues its email, in the caller's transaction: the one way a
 * reset link is made, whether the person asked on the forgot-password page or an operator sent it.
 */
export async function queuePasswordResetLink(tx: DbOrTx, input: { user: { id: string; name: string; email: string }; origin: string; now: Date }): Promise<{ tokenId: string; queued: boolean }> {
  const { user, origin, now } = input;
  const issued = await issueEmailToken(tx, { purpose: "password_reset", email: user.email, userId: user.id, now });
  const queued = await queueEmail(tx, {
    dedupeKey: `token:${issued.id}`,
    template: "password-reset",
    to: user.email,
    userId: user.id,
    data: { name: user.name, url: `${origin}/reset-password?token=${issued.token}`, expiresAt: issued.expiresAt.toISOString() },
    now,
  });
  return { tokenId: issued.id, queued };
}
