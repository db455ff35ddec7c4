"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult, type FormActionState } from "@/lib/actions/action-result";
import { requireOperatorContext } from "@/lib/auth/session";
import { requeueFailedWebhookDelivery, setWebhookMaxAttempts } from "@/lib/webhooks/operator-webhooks";
import { requestWebhookSweep } from "@/lib/webhooks/request-webhook-sweep";

const PATH = "/admin/webhooks";
const LOG = { log: "[admin] webhook action failed" };

/** "Re-queue" on a failed delivery: a fresh round of attempts, sent by a sweep started at once (`paused` while the reseller is not active). */
export async function requeueDeliveryAction(deliveryId: string): Promise<ActionResult<{ status: "pending" | "paused" }>> {
  return runAction(async () => {
    const ctx = await requireOperatorContext();
    const { status } = await requeueFailedWebhookDelivery(ctx, { deliveryId });
    if (status === "pending") await requestWebhookSweep();
    revalidatePath(PATH);
    return { data: { status } };
  }, LOG);
}

/** The limit saved; a refusal sends back what was typed in `values.webhookMaxAttempts`. */
export async function saveMaxAttemptsAction(_prev: FormActionState<{ saved: number }>, formData: FormData): Promise<FormActionState<{ saved: number }>> {
  const raw = String(formData.get("webhookMaxAttempts") ?? "").trim();
  return runAction(
    async () => {
      const ctx = await requireOperatorContext();
      const saved = await setWebhookMaxAttempts(ctx, { webhookMaxAttempts: raw === "" ? Number.NaN : Number(raw) });
      revalidatePath(PATH);
      return { data: { saved } };
    },
    { ...LOG, values: { webhookMaxAttempts: raw } },
  );
}
