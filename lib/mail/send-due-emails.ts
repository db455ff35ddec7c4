import type { Db } from "@/lib/db/client";
import { openSecret } from "@/lib/crypto/secret-box";
import { EMAIL_TEMPLATES, isEmailTemplateName } from "./email-templates";
import { EMAIL_MAX_ATTEMPTS, emailRetryDelaySeconds } from "./email-retry-schedule";
import type { Mailer } from "./mailer";
import { EMAIL_BODY_PURPOSE } from "./queue-email";

export interface SendDueEmailsOptions {
  db: Db;
  mailer: Mailer;
  clock?: () => Date;
  /** How long a claim holds; a sender that dies is replaced once it lapses. */
  leaseMs?: number;
  batchSize?: number;
  log?: Pick<Console, "warn">;
}

export interface SendDueEmailsReport {
  sent: number;
  retrying: number;
  failed: number;
}

interface Claimed {
  id: string;
  template: string;
  toAddress: string;
  subject: string;
  sealedBody: string | null;
  attempts: number;
}

const ts = (d: Date) => d.toISOString();

/**
 * Sends the messages that are due, each claimed first by one conditional UPDATE … SKIP LOCKED that
 * moves it to `sending` with a lease, so two sweeps (two processes, a retried function) never hand
 * the same message over twice. A message whose sender died mid-way is taken up again when its lease
 * lapses. A refusal is retried with backoff (email-retry-schedule.ts) until EMAIL_MAX_ATTEMPTS.
 */
export async function sendDueEmails(options: SendDueEmailsOptions): Promise<SendDueEmailsReport> {
  const { db, mailer } = options;
  const clock = options.clock ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 120_000;
  const batchSize = options.batchSize ?? 50;
  const report: SendDueEmailsReport = { sent: 0, retrying: 0, failed: 0 };

  for (;;) {
    const now = clock();
    const batch = await db.$queryRaw<Claimed[]>`
      UPDATE "EmailMessage" m SET status = 'sending', "leaseUntil" = ${ts(new Date(now.getTime() + leaseMs))}::timestamp, attempts = m.attempts + 1
      WHERE m.id IN (
        SELECT id FROM "EmailMessage"
        WHERE (status = 'pending' AND "nextAttemptAt" <= ${ts(now)}::timestamp)
           OR (status = 'sending' AND "leaseUntil" < ${ts(now)}::timestamp)
        ORDER BY "nextAttemptAt", id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)
      RETURNING m.id::text AS id, m.template, m."toAddress", m.subject, m."sealedBody", m.attempts`;
    for (const message of batch) await sendOne(db, mailer, message, clock, report, options.log ?? console);
    if (batch.length < batchSize) return report;
  }
}

async function sendOne(db: Db, mailer: Mailer, message: Claimed, clock: () => Date, report: SendDueEmailsReport, log: Pick<Console, "warn">) {
  try {
    if (!message.sealedBody) throw new Error("The message has no body.");
    const body = JSON.parse(openSecret(message.sealedBody, EMAIL_BODY_PURPOSE)) as { html: string; text: string };
    await mailer.send({ id: message.id, to: message.toAddress, subject: message.subject, text: body.text, html: body.html });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const last = message.attempts >= EMAIL_MAX_ATTEMPTS;
    const next = new Date(clock().getTime() + emailRetryDelaySeconds(message.attempts) * 1000);
    await db.emailMessage.updateMany({
      where: { id: message.id, status: "sending" },
      data: last ? { status: "failed", leaseUntil: null, lastError: reason.slice(0, 500) } : { status: "pending", leaseUntil: null, nextAttemptAt: next, lastError: reason.slice(0, 500) },
    });
    if (last) report.failed++;
    else report.retrying++;
    log.warn(`[mail] ${message.template} to ${message.toAddress} not sent (attempt ${message.attempts}): ${reason}`);
    return;
  }
  // SMTP has it: a body carrying a one-time link or access details is not kept. The outbox keeps
  // every body, as it is the only copy the operator can pass on.
  const erase = mailer.transport === "smtp" && isEmailTemplateName(message.template) && EMAIL_TEMPLATES[message.template].carriesSecret;
  await db.emailMessage.updateMany({
    where: { id: message.id, status: "sending" },
    data: { status: "sent", sentAt: clock(), transport: mailer.transport, leaseUntil: null, lastError: null, ...(erase ? { sealedBody: null } : {}) },
  });
  report.sent++;
}
