import { inngest } from "@/lib/jobs/client";
import { currentEmbeddedTarget } from "@/lib/jobs/embedded/bridge";
import { isInngestExternal } from "@/lib/jobs/is-inngest-external";

/** The event that starts a sweep at once, besides the once-a-minute schedule. */
export const WEBHOOK_SWEEP_EVENT = "webhooks/sweep.requested";

/**
 * Asks for a sweep now (after a test event or a resend), so the reseller does not wait for the next
 * minute. Best effort and never throws: the cron sweep sends the delivery anyway. Every request starts
 * a sweep (no event id: a de-duplicating id would swallow a second request made while the first sweep
 * had already passed the new delivery by). Call it after the transaction that queued the delivery has
 * committed, never inside it.
 */
export async function requestWebhookSweep(): Promise<boolean> {
  if (!isInngestExternal() && !currentEmbeddedTarget()) return false;
  try {
    await inngest.send({ name: WEBHOOK_SWEEP_EVENT, data: {} });
    return true;
  } catch (err) {
    console.warn("[webhooks] could not request an immediate sweep; the scheduled one will send the delivery", err);
    return false;
  }
}
