import { outboxMailer, type Mailer } from "./mailer";
import { createSmtpMailer } from "./smtp-mailer";

const slot = globalThis as unknown as { __rackfrontMailer?: { key: string; mailer: Mailer } };

/** The mailer of this process's configuration: SMTP when SMTP_URL is set, else the outbox. */
export function currentMailer(env: Readonly<Record<string, string | undefined>> = process.env): Mailer {
  const url = env.SMTP_URL;
  if (!url) return outboxMailer;
  const key = `${url}|${env.SMTP_FROM ?? ""}`;
  if (slot.__rackfrontMailer?.key !== key) slot.__rackfrontMailer = { key, mailer: createSmtpMailer({ url, from: env.SMTP_FROM }) };
  return slot.__rackfrontMailer.mailer;
}
