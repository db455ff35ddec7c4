"use server";

import { revalidatePath } from "next/cache";
import { requireOperator } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";
import { requeueFailedWebhookDelivery, setWebhookMaxAttempts } from "@/lib/webhooks/operator-webhooks";
import { requestWebhookSweep } from "@/lib/webhooks/request-webhook-sweep";

const PATH = "/admin/webhooks";

export type RequeueResult = { error?: string; status?: "pending" | "paused" };

/** "Re-queue" on a failed delivery: a fresh round of attempts, sent by a sweep started at once. */
export async function requeueDeliveryAction(deliveryId: string): Promise<RequeueResult> {
  await requireOperator();
  try {
    const { status } = await requeueFailedWebhookDelivery(deliveryId);
    if (status === "pending") await requestWebhookSweep();
    revalidatePath(PATH);
    return { status };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message };
    throw error;
  }
}

export type MaxAttemptsState = { error?: string; saved?: number; value?: string };

export async function saveMaxAttemptsAction(_prev: MaxAttemptsState, formData: FormData): Promise<MaxAttemptsState> {
  await requireOperator();
  const raw = String(formData.get("webhookMaxAttempts") ?? "").trim();
  try {
    const saved = await setWebhookMaxAttempts(raw === "" ? Number.NaN : Number(raw));
    revalidatePath(PATH);
    return { saved, value: String(saved) };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message, value: raw };
    throw error;
  }
}
