import nodemailer from "nodemailer";
import type { Mailer } from "./mailer";

/** The default sender when SMTP_FROM is not set. */
export const DEFAULT_MAIL_FROM = "Rackfront <no-reply@localhost>";

/**
 * A mailer over SMTP (nodemailer) for an `smtp://` or `smtps://` URL with the credentials in it,
 * e.g. `smtps://user:pass@mail.example.com:465`. The Message-ID is derived from the message row, so
 * a retry after an answer lost on the way is the same message to the receiving server.
 */
export function createSmtpMailer(options: { url: string; from?: string; timeoutMs?: number }): Mailer {
  const timeout = options.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport(options.url, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? "localhost";
  return {
    transport: "smtp",
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@${domain}>`,
      });
    },
  };
}
