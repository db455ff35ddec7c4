"use server";

import { revalidatePath } from "next/cache";
import { requireReseller } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";
import { queueTestWebhook } from "@/lib/webhooks/queue-test-webhook";
import { requestWebhookSweep } from "@/lib/webhooks/request-webhook-sweep";
import { resendWebhookDelivery } from "@/lib/webhooks/webhook-deliveries";
import { setWebhookUrl } from "@/lib/webhooks/webhook-url";

const PATH = "/reseller/webhooks";

export type WebhookUrlState = { error?: string; saved?: "set" | "cleared"; url?: string | null };

/** Saves the URL after the same checks as `PUT /account/webhook`; an empty field is refused (use Clear). */
export async function saveWebhookUrlAction(_prev: WebhookUrlState, formData: FormData): Promise<WebhookUrlState> {
  const viewer = await requireReseller();
  const raw = String(formData.get("webhookUrl") ?? "").trim();
  if (!raw) return { error: "Enter the URL of your endpoint, starting with https://", url: raw };
  try {
    const { webhookUrl } = await setWebhookUrl({ resellerId: viewer.reseller.profileId }, raw);
    revalidatePath(PATH);
    return { saved: "set", url: webhookUrl };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message, url: raw };
    throw error;
  }
}

export async function clearWebhookUrlAction(): Promise<WebhookUrlState> {
  const viewer = await requireReseller();
  await setWebhookUrl({ resellerId: viewer.reseller.profileId }, null);
  revalidatePath(PATH);
  return { saved: "cleared", url: null };
}

export type QueueResult = { error?: string; deliveryId?: string };

export async function sendTestEventAction(): Promise<QueueResult> {
  const viewer = await requireReseller();
  try {
    const { deliveryId } = await queueTestWebhook({ resellerId: viewer.reseller.profileId });
    await requestWebhookSweep();
    revalidatePath(PATH);
    return { deliveryId };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message };
    throw error;
  }
}

export async function resendDeliveryAction(deliveryId: string): Promise<QueueResult> {
  const viewer = await requireReseller();
  try {
    await resendWebhookDelivery({ resellerId: viewer.reseller.profileId }, deliveryId);
    await requestWebhookSweep();
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${deliveryId}`);
    return { deliveryId };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message };
    throw error;
  }
}
