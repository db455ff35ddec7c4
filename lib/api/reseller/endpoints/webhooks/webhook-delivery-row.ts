import { z } from "zod";
import { RESELLER_WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryDetail, type WebhookDeliverySummary } from "@/lib/webhooks/webhook-deliveries";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const webhookDeliverySchema = z.object({
  id: z.string().describe("The delivery id: the X-Webhook-Id of every attempt"),
  event: z.enum(RESELLER_WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).describe("pending (due at nextAttemptAt), paused (profile not active), delivered, failed (attempt limit reached)"),
  attempts: z.number().int().describe("Attempts made so far"),
  nextAttemptAt: z.string().nullable().describe("When the next attempt is due; null once delivered or failed"),
  lastAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});

export const webhookAttemptSchema = z.object({
  id: z.string(),
  attemptedAt: z.string(),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()).describe("The headers exactly as sent"),
  requestBody: z.string().describe("The body exactly as sent (and signed)"),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  responseSnippet: z.string().nullable().describe("The first 4 KB of the answer"),
  completed: z.boolean().describe("False while in flight, or when the sender stopped mid-attempt (it is retried)"),
});

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  data: z.unknown().describe("`data` of the event"),
  attemptLog: z.array(webhookAttemptSchema).describe("Every attempt, oldest first"),
});

export function webhookDeliveryRow(d: WebhookDeliverySummary): z.input<typeof webhookDeliverySchema> {
  return {
    id: d.id,
    event: d.event as z.input<typeof webhookDeliverySchema>["event"],
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: iso(d.nextAttemptAt),
    lastAttemptAt: iso(d.lastAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: iso(d.deliveredAt),
    failedAt: iso(d.failedAt),
  };
}

export function webhookDeliveryDetailRow(d: WebhookDeliveryDetail): z.input<typeof webhookDeliveryDetailSchema> {
  return {
    ...webhookDeliveryRow(d),
    data: d.data,
    attemptLog: d.attemptLog.map((a) => ({ ...a, attemptedAt: a.attemptedAt.toISOString() })),
  };
}
