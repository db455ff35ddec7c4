/** One message as handed to a transport. */
export interface OutgoingEmail {
  /** The EmailMessage id: the Message-ID, so a message handed over twice is recognisably one. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Where emails go (docs/email.md): `smtp` hands them to the SMTP server of SMTP_URL; `outbox` (no
 * SMTP configured, the embedded default) keeps them in the database for the operator console's
 * Outbox page, where they are read as delivered.
 */
export interface Mailer {
  readonly transport: "smtp" | "outbox";
  send(message: OutgoingEmail): Promise<void>;
}

export const outboxMailer: Mailer = {
  transport: "outbox",
  async send() {
    // The row is the delivery.
  },
};
