import { SMTPServer } from "smtp-server";

export interface ReceivedEmail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a loopback port for tests: collects what it receives, or refuses every
 * recipient while `refuse` is set. The mailer under test talks SMTP to it through nodemailer.
 */
export async function startSmtpSink(): Promise<{ url: string; received: ReceivedEmail[]; refuse: boolean; close(): Promise<void> }> {
  const received: ReceivedEmail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (state.refuse) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 450 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("no SMTP port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
