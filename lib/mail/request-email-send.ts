import { inngest } from "@/lib/jobs/client";
import { currentEmbeddedTarget } from "@/lib/jobs/embedded/bridge";
import { isInngestExternal } from "@/lib/jobs/is-inngest-external";

/** The event that starts the email sweep at once, besides its once-a-minute schedule. */
export const EMAIL_SEND_EVENT = "mail/send.requested";

/**
 * Asks for the email sweep now (after queueing a sign-up link or a reset), so nobody waits for the
 * next minute. Best effort, never throws: the scheduled sweep sends the message anyway. Call it after
 * the transaction that queued the message has committed.
 */
export async function requestEmailSend(): Promise<boolean> {
  if (!isInngestExternal() && !currentEmbeddedTarget()) return false;
  try {
    await inngest.send({ name: EMAIL_SEND_EVENT, data: {} });
    return true;
  } catch (err) {
    console.warn("[mail] could not request an immediate send; the scheduled sweep will send the message", err);
    return false;
  }
}
