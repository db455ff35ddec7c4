import { z } from "zod";
import { parseActionInput } from "@/lib/actions/action-result";
import { ZSignUpSchema } from "@/lib/accounts/sign-up/sign-up-schema";
import { emailLinksExhausted } from "@/lib/auth/email-tokens/email-request-limits";
import { issueEmailToken } from "@/lib/auth/email-tokens/issue-email-token";
import { DomainError } from "@/lib/errors/domain-error";
import { queueEmail } from "@/lib/mail/queue-email";
import { verifyCurrentPassword, ZCurrentPassword, type ReauthenticateContext } from "./change-password";
import type { EmailChangePayload } from "./email-change-payload";

export const SAME_EMAIL = "That is already your sign-in address.";
export const EMAIL_TAKEN = "That address belongs to another sign-in.";
export const TOO_MANY_EMAIL_CHANGES = "That address was sent several confirmation links in the last hour. Wait a while before asking again.";

/** The new address (sign-up's rule: trimmed, lower-cased) and the current password, re-authenticating. */
export const ZRequestEmailChange = z.object({ newEmail: ZSignUpSchema.shape.email, currentPassword: ZCurrentPassword });
export type TRequestEmailChangeInput = z.input<typeof ZRequestEmailChange>;

export type RequestEmailChangeContext = ReauthenticateContext & {
  /** The portal's origin, for the link in the email. */
  origin: string;
};

const onNewEmail = (message: string) => new DomainError("invalid", message, { details: [{ field: "newEmail", message }] });

/**
 * The signed-in user asks to sign in with another address (docs/accounts.md#email-change). The
 * current password is checked the way the password change checks it (sign-in throttle, same keys);
 * an address another user signs in with is refused under the field (the asker is authenticated, so
 * saying so gives nothing away). Then, in one transaction: the user's earlier unused change links
 * are spent (only the newest works), a one-time link (`email_change`, 24 hours) is issued for the
 * new address, and two emails are queued: the link to the new address, a notice to the current one.
 * Nothing changes until the link is used (confirm-email-change.ts). The caller asks for the send
 * after the commit (requestEmailSend).
 */
export async function requestEmailChange(ctx: RequestEmailChangeContext, raw: TRequestEmailChangeInput): Promise<{ newEmail: string; expiresAt: Date }> {
  const input = parseActionInput(ZRequestEmailChange, raw);
  const { db, now, actor } = ctx;
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { id: true, name: true, email: true, passwordHash: true } });
  if (user.email.toLowerCase() === input.newEmail) throw onNewEmail(SAME_EMAIL);

  await verifyCurrentPassword(ctx, user, input.currentPassword);

  if (await db.user.findFirst({ where: { email: { equals: input.newEmail, mode: "insensitive" }, id: { not: user.id } }, select: { id: true } })) throw onNewEmail(EMAIL_TAKEN);
  // Links one address receives per hour: the form cannot be used to flood someone's inbox.
  if (await emailLinksExhausted(db, { purpose: "email_change", email: input.newEmail, now })) throw onNewEmail(TOO_MANY_EMAIL_CHANGES);

  return db.$transaction(async (tx) => {
    await tx.emailToken.updateMany({ where: { userId: user.id, purpose: "email_change", usedAt: null }, data: { usedAt: now } });
    const payload: EmailChangePayload = { userId: user.id, newEmail: input.newEmail };
    const issued = await issueEmailToken(tx, { purpose: "email_change", email: input.newEmail, userId: user.id, payload: { ...payload }, now });
    await queueEmail(tx, {
      dedupeKey: `token:${issued.id}`,
      template: "email-change-confirm",
      to: input.newEmail,
      userId: user.id,
      data: { name: user.name, url: `${ctx.origin}/confirm-email-change?token=${issued.token}`, newEmail: input.newEmail, expiresAt: issued.expiresAt.toISOString() },
      now,
    });
    await queueEmail(tx, {
      dedupeKey: `token:${issued.id}:notice`,
      template: "email-change-notice",
      to: user.email,
      userId: user.id,
      data: { name: user.name, newEmail: input.newEmail },
      now,
    });
    return { newEmail: input.newEmail, expiresAt: issued.expiresAt };
  });
}
