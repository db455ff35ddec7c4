"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult, type FormActionState } from "@/lib/actions/action-result";
import { requireReseller } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";
import { queueTestWebhook } from "@/lib/webhooks/queue-test-webhook";
import { requestWebhookSweep } from "@/lib/webhooks/request-webhook-sweep";
import { resendWebhookDelivery } from "@/lib/webhooks/webhook-deliveries";
import { setWebhookUrl } from "@/lib/webhooks/webhook-url";
import { getDb } from "@/lib/db/client";

const PATH = "/reseller/webhooks";
const LOG = { log: "[reseller portal] webhook action failed" };

/** The URL now stored (null once cleared). A refusal sends back what was typed in `values.webhookUrl`. */
export type WebhookUrlState = FormActionState<{ url: string | null }>;

/** Saves the URL after the same checks as `PUT /account/webhook`; an empty field is refused (use Clear). */
export async function saveWebhookUrlAction(_prev: WebhookUrlState, formData: FormData): Promise<WebhookUrlState> {
  const raw = String(formData.get("webhookUrl") ?? "").trim();
  return runAction(
    async () => {
      const viewer = await requireReseller();
      if (!raw) throw new DomainError("invalid", "Enter the URL of your endpoint, starting with https://");
      const { webhookUrl } = await setWebhookUrl({ resellerId: viewer.reseller.profileId }, raw, { db: getDb() });
      revalidatePath(PATH);
      return { data: { url: webhookUrl } };
    },
    { ...LOG, values: { webhookUrl: raw } },
  );
}

export async function clearWebhookUrlAction(): Promise<WebhookUrlState> {
  return runAction(async () => {
    const viewer = await requireReseller();
    await setWebhookUrl({ resellerId: viewer.reseller.profileId }, null, { db: getDb() });
    revalidatePath(PATH);
    return { data: { url: null } };
  }, LOG);
}

/** The delivery queued, to follow. */
export type Queued = { deliveryId: string };

export async function sendTestEventAction(): Promise<ActionResult<Queued>> {
  return runAction(async () => {
    const viewer = await requireReseller();
    const { deliveryId } = await queueTestWebhook({ resellerId: viewer.reseller.profileId }, { db: getDb() });
    await requestWebhookSweep();
    revalidatePath(PATH);
    return { data: { deliveryId } };
  }, LOG);
}

export async function resendDeliveryAction(deliveryId: string): Promise<ActionResult<Queued>> {
  return runAction(async () => {
    const viewer = await requireReseller();
    await resendWebhookDelivery({ resellerId: viewer.reseller.profileId }, deliveryId, { db: getDb() });
    await requestWebhookSweep();
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${deliveryId}`);
    return { data: { deliveryId } };
  }, LOG);
}
