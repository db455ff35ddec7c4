import { getDb } from "@/lib/db/client";
import { currentMailer } from "@/lib/mail/current-mailer";
import { notifyAccountEvents } from "@/lib/mail/notify-account-events";
import { EMAIL_SEND_EVENT } from "@/lib/mail/request-email-send";
import { sendDueEmails } from "@/lib/mail/send-due-emails";
import { inngest } from "../client";

/**
 * The email sweep (docs/email.md): once a minute, and at once when a message was queued. Turns new
 * account events into messages, then sends what is due. A message is claimed with a lease before it
 * is handed over, so a re-run of this function or a second process never sends it twice.
 */
export const sendEmails = inngest.createFunction(
  {
    id: "send-emails",
    name: "Send due emails",
    triggers: [{ cron: "* * * * *" }, { event: EMAIL_SEND_EVENT }],
    retries: 1,
  },
  async ({ step }) => {
    const db = getDb();
    const notified = await step.run("notify-account-events", () => notifyAccountEvents({ db, now: new Date() }));
    const sent = await step.run("send-due", () => sendDueEmails({ db, mailer: currentMailer() }));
    return { ...notified, ...sent };
  },
);
