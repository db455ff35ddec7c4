import type { DomainContext } from "@/lib/db/domain-context";
import { DomainError } from "@/lib/errors/domain-error";
import { isEmailTemplateName, OPTIONAL_EMAILS, type EmailTemplateName } from "@/lib/mail/email-templates";

/** The signed-in user, who sets their own email preferences. */
export type EmailPreferencesContext = DomainContext<{ userId: string }>;

export interface EmailPreference {
  name: EmailTemplateName;
  label: string;
  receive: boolean;
}

export const UNKNOWN_EMAIL = "Unknown email";

/** Each optional email (OPTIONAL_EMAILS, in its order) and whether the user receives it. Required emails are always sent and not listed. */
export async function getEmailPreferences({ db, actor }: EmailPreferencesContext): Promise<EmailPreference[]> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { emailOptOuts: true } });
  return OPTIONAL_EMAILS.map((e) => ({ ...e, receive: !user.emailOptOuts.includes(e.name) }));
}

/**
 * Stores which optional emails the user receives: every optional email not in `receive` is turned
 * off (User.emailOptOuts). An unknown name is refused; a required email named in `receive` is
 * accepted and changes nothing, as it cannot be turned off (the opt-outs only ever hold optional
 * names, and queueEmail ignores opt-outs of required ones anyway).
 */
export async function saveEmailPreferences(ctx: EmailPreferencesContext, input: { receive: readonly string[] }): Promise<EmailPreference[]> {
  const unknown = input.receive.filter((name) => !isEmailTemplateName(name));
  if (unknown.length > 0) throw new DomainError("invalid", `${UNKNOWN_EMAIL}: ${unknown.join(", ")}`, { details: [{ field: "receive", message: `${UNKNOWN_EMAIL}: ${unknown.join(", ")}` }] });
  const optOuts = OPTIONAL_EMAILS.map((e) => e.name).filter((name) => !input.receive.includes(name));
  await ctx.db.user.update({ where: { id: ctx.actor.userId }, data: { emailOptOuts: optOuts } });
  return getEmailPreferences(ctx);
}
