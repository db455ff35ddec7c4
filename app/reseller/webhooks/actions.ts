"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult, type FormActionState } from "@/lib/actions/action-result";
import { requireReseller } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";
import { queueTestWebhook } from "@/lib/webhooks/queue-test-webhook";
import { requestWebhookSweep } from "@/lib/webhooks/request-webhook-sweep";
import { resendWebhookDelivery } from "@/lib/webhooks/webhook-deliveries";
import { setWebhookUrl, type WebhookContext } from "@/lib/webhooks/webhook-url";
import { getDb, type Db } from "@/lib/db/client";

const PATH = "/reseller/webhooks";
const LOG = { log: "[reseller portal] webhook action failed" };

/** The signed-in reseller's webhook context. */
async function context(): Promise<WebhookContext<Db>> {
  const viewer = await requireReseller();
  return { db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } };
}

/** The URL now stored (null once cleared). A refusal sends back what was typed in `values.webhookUrl`. */
export type WebhookUrlState = FormActionState<{ url: string | null }>;

/** Saves the URL after the same checks as `PUT /account/webhook`; an empty field is refused (use Clear). */
export async function saveWebhookUrlAction(_prev: WebhookUrlState, formData: FormData): Promise<WebhookUrlState> {
  const raw = String(formData.get("webhookUrl") ?? "").trim();
  return runAction(
    async () => {
      const ctx = await context();
      if (!raw) throw new DomainError("invalid", "Enter the URL of your endpoint, starting with https://");
      const { webhookUrl } = await setWebhookUrl(ctx, { webhookUrl: raw });
      revalidatePath(PATH);
      return { data: { url: webhookUrl } };
    },
    { ...LOG, values: { webhookUrl: raw } },
  );
}

export async function clearWebhookUrlAction(): Promise<WebhookUrlState> {
  return runAction(async () => {
    await setWebhookUrl(await context(), { webhookUrl: null });
    revalidatePath(PATH);
    return { data: { url: null } };
  }, LOG);
}

/** The delivery queued, to follow. */
export type Queued = { deliveryId: string };

export async function sendTestEventAction(): Promise<ActionResult<Queued>> {
  return runAction(async () => {
    const { deliveryId } = await queueTestWebhook(await context());
    await requestWebhookSweep();
    revalidatePath(PATH);
    return { data: { deliveryId } };
  }, LOG);
}

export async function resendDeliveryAction(deliveryId: string): Promise<ActionResult<Queued>> {
  return runAction(async () => {
    await resendWebhookDelivery(await context(), { deliveryId });
    await requestWebhookSweep();
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${deliveryId}`);
    return { data: { deliveryId } };
  }, LOG);
}
