import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { webhookTestData } from "./events";
import { recordResellerEvent } from "./record-reseller-event";
import type { WebhookContext } from "./webhook-url";

export const NO_WEBHOOK_URL = "No webhook URL configured";

/** Queues a `webhook.test` delivery (`POST /webhooks/test`); it only confirms queuing. 400 without a URL. */
export async function queueTestWebhook({ db, now, actor }: WebhookContext<Db>): Promise<{ deliveryId: string; status: "pending" | "paused" }> {
  const deliveryId = await db.$transaction(async (tx) => {
    const profile = await tx.resellerProfile.findUniqueOrThrow({ where: { id: actor.resellerId }, select: { webhookUrl: true } });
    if (!profile.webhookUrl) throw new DomainError("invalid", NO_WEBHOOK_URL);
    const recorded = await recordResellerEvent(tx, { resellerId: actor.resellerId, type: "webhook.test", data: webhookTestData() }, { now });
    return recorded.deliveryId!;
  });
  const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, select: { status: true } });
  return { deliveryId, status: delivery.status === "paused" ? "paused" : "pending" };
}
