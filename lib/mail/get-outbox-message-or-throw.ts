import type { OperatorContext } from "@/lib/admin/operator-context";
import { openSecret } from "@/lib/crypto/secret-box";
import { DomainError } from "@/lib/errors/domain-error";
import type { OutboxRow } from "./list-outbox-messages";
import { EMAIL_BODY_PURPOSE } from "./queue-email";

export interface OutboxMessage extends OutboxRow {
  nextAttemptAt: Date;
  /** Null once SMTP accepted a message that carried a one-time link or access details (erased). */
  body: { html: string; text: string } | null;
}

/** One email with its body opened, for the operator console. */
export async function getOutboxMessageOrThrow(ctx: OperatorContext, input: { id: string }): Promise<OutboxMessage> {
  const row = /^[0-9a-f-]{36}$/i.test(input.id) ? await ctx.db.emailMessage.findUnique({ where: { id: input.id } }) : null;
  if (!row) throw new DomainError("not_found", "Email not found");
  const body = row.sealedBody ? (JSON.parse(openSecret(row.sealedBody, EMAIL_BODY_PURPOSE)) as { html: string; text: string }) : null;
  return {
    id: row.id,
    template: row.template,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status,
    transport: row.transport,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    nextAttemptAt: row.nextAttemptAt,
    body,
  };
}
