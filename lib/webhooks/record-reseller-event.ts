import type { DbOrTx } from "@/lib/db/client";
import type { ResellerProfileStatus } from "@/lib/generated/prisma/client";
import { toJsonData, type ResellerEventDataMap, type ResellerWebhookEvent } from "./events";

export interface RecordResellerEventInput<E extends ResellerWebhookEvent> {
  resellerId: string;
  type: E;
  data: ResellerEventDataMap[E];
}

export interface RecordedResellerEvent {
  outboxEventId: string;
  /** The delivery queued for it (its id is the X-Webhook-Id), or null: no webhook URL was on file, so the event was dropped. */
  deliveryId: string | null;
}

/**
 * Raises a reseller event inside the caller's transaction (the change and its event commit together).
 * Writes the OutboxEvent row and, when the reseller has a webhook URL on file at this moment, the
 * WebhookDelivery the sweep sends (held as `paused` while the profile is not active). Without a URL the
 * event is dropped, as the spec says, and the outbox row is marked handled all the same.
 *
 * Call it with the transaction client: `await db.$transaction(async (tx) => { …; await recordResellerEvent(tx, {…}) })`.
 * Nothing here talks to the network or to Inngest, so it is safe inside an interactive transaction.
 */
export async function recordResellerEvent<E extends ResellerWebhookEvent>(
  tx: DbOrTx,
  input: RecordResellerEventInput<E>,
  options: { now?: Date; profile?: { webhookUrl: string | null; status: ResellerProfileStatus } | null } = {},
): Promise<RecordedResellerEvent> {
  const now = options.now ?? new Date();
  const data = toJsonData(input.data);
  // `profile`: the caller read it moments ago (order placement reads it before its transaction, so
  // no read happens under the order's locks); otherwise read it here.
  const profile =
    options.profile ??
    (await tx.resellerProfile.findUniqueOrThrow({
      where: { id: input.resellerId },
      select: { webhookUrl: true, status: true },
    }));
  const outbox = await tx.outboxEvent.create({
    data: { type: input.type, resellerId: input.resellerId, payload: data, createdAt: now, dispatchedAt: now },
    select: { id: true },
  });
  if (!profile.webhookUrl) return { outboxEventId: outbox.id, deliveryId: null };
  const delivery = await tx.webhookDelivery.create({
    data: {
      resellerId: input.resellerId,
      outboxEventId: outbox.id,
      event: input.type,
      data,
      status: profile.status === "active" ? "pending" : "paused",
      nextAttemptAt: now,
      createdAt: now,
    },
    select: { id: true },
  });
  return { outboxEventId: outbox.id, deliveryId: delivery.id };
}
