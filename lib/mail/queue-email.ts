import type { DbOrTx } from "@/lib/db/client";
import { sealSecret } from "@/lib/crypto/secret-box";
import { renderEmail } from "./email-content";
import { EMAIL_TEMPLATES, type EmailTemplateData, type EmailTemplateName } from "./email-templates";


export const EMAIL_BODY_PURPOSE = "email-body";

/** The name emails are signed with when the supplier has not entered its legal name. */
export const DEFAULT_MAIL_BRAND = "Rackfront";

export interface QueueEmailInput<N extends EmailTemplateName> {
  /** One message per key, ever: "event:<outbox id>:<template>:<user id>", "token:<token id>". */
  dedupeKey: string;
  template: N;
  to: string;
  data: EmailTemplateData[N];
  accountId?: string | null;
  userId?: string | null;
  /** The recipient's opt-outs; an optional template they turned off is not queued. */
  optOuts?: readonly string[];
  now: Date;
}

/**
 * Renders a message and queues it in the caller's transaction, so it is sent if and only if the
 * change it reports commits. The unique `dedupeKey` makes a second queue of the same message (a
 * retried function, two workers) write nothing. Returns whether a row was written. Call
 * `requestEmailSend()` after the commit to send at once rather than within the minute.
 */
export async function queueEmail<N extends EmailTemplateName>(tx: DbOrTx, input: QueueEmailInput<N>): Promise<boolean> {
  const template = EMAIL_TEMPLATES[input.template];
  if (template.optional && input.optOuts?.includes(input.template)) return false;
  const settings = await tx.platformSettings.findUnique({ where: { id: 1 }, select: { legalName: true } });
  const rendered = renderEmail(template.content(input.data), settings?.legalName || DEFAULT_MAIL_BRAND);
  const written = await tx.$executeRaw`
    INSERT INTO "EmailMessage" (id, "dedupeKey", template, "accountId", "userId", "toAddress", subject, "sealedBody", status, "nextAttemptAt", "createdAt")
    VALUES (gen_random_uuid(), ${input.dedupeKey}, ${input.template}, ${input.accountId ?? null}::uuid, ${input.userId ?? null}::uuid,
            ${input.to}, ${rendered.subject}, ${sealSecret(JSON.stringify({ html: rendered.html, text: rendered.text }), EMAIL_BODY_PURPOSE)},
            'pending', ${input.now.toISOString()}::timestamp, ${input.now.toISOString()}::timestamp)
    ON CONFLICT ("dedupeKey") DO NOTHING`;
  return written > 0;
}
