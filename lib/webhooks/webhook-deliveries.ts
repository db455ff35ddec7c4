import type { Prisma, WebhookDeliveryStatus } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { ResellerWebhookEvent } from "./events";
import type { WebhookContext } from "./webhook-url";

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "paused", "delivered", "failed"] as const satisfies readonly WebhookDeliveryStatus[];
export const DELIVERY_NOT_FOUND = "Webhook delivery not found";

const SUMMARY_SELECT = {
  id: true,
  event: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastAttemptAt: true,
  lastStatusCode: true,
  lastError: true,
  createdAt: true,
  deliveredAt: true,
  failedAt: true,
} as const satisfies Prisma.WebhookDeliverySelect;

export interface WebhookDeliverySummary {
  id: string;
  event: string;
  status: WebhookDeliveryStatus;
  /** Attempts that finished, in total. */
  attempts: number;
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  failedAt: Date | null;
}

export interface WebhookAttemptRecord {
  id: string;
  attemptedAt: Date;
  url: string;
  /** Header name → value, in the order sent. */
  requestHeaders: Record<string, string>;
  requestBody: string;
  statusCode: number | null;
  durationMs: number | null;
  error: string | null;
  responseSnippet: string | null;
  /** False while the attempt is in flight, and for good when the sender stopped mid-attempt. */
  completed: boolean;
}

export interface WebhookDeliveryDetail extends WebhookDeliverySummary {
  data: Prisma.JsonValue;
  attemptLog: WebhookAttemptRecord[];
}

/** Headers are stored as [name, value] pairs (JSONB would reorder an object's keys). */
function headersOf(stored: Prisma.JsonValue): Record<string, string> {
  if (Array.isArray(stored)) return Object.fromEntries(stored.filter((p): p is [string, string] => Array.isArray(p) && p.length === 2).map(([n, v]) => [String(n), String(v)]));
  if (stored && typeof stored === "object") return Object.fromEntries(Object.entries(stored).map(([n, v]) => [n, String(v)]));
  return {};
}

function summary(row: Prisma.WebhookDeliveryGetPayload<{ select: typeof SUMMARY_SELECT }>): WebhookDeliverySummary {
  const waiting = row.status === "pending" || row.status === "paused";
  return { ...row, nextAttemptAt: waiting ? row.nextAttemptAt : null, deliveredAt: row.status === "delivered" ? row.deliveredAt : null };
}

export interface ListWebhookDeliveriesInput {
  event?: ResellerWebhookEvent;
  status?: WebhookDeliveryStatus;
  limit: number;
  offset: number;
}

/** The reseller's deliveries, newest first, filtered by event and status. */
export async function listWebhookDeliveries(
  { db, actor }: WebhookContext,
  input: ListWebhookDeliveriesInput,
): Promise<{ deliveries: WebhookDeliverySummary[]; total: number }> {
  const where: Prisma.WebhookDeliveryWhereInput = { resellerId: actor.resellerId, event: input.event, status: input.status };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({ where, select: SUMMARY_SELECT, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: input.offset, take: input.limit }),
    db.webhookDelivery.count({ where }),
  ]);
  return { deliveries: rows.map(summary), total };
}

/** One delivery with its attempts (request exactly as sent, outcome); 404 when not the reseller's. */
export async function getWebhookDelivery({ db, actor }: WebhookContext, { deliveryId }: { deliveryId: string }): Promise<WebhookDeliveryDetail> {
  const row = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, resellerId: actor.resellerId },
    select: { ...SUMMARY_SELECT, data: true, attemptLog: { orderBy: [{ attemptedAt: "asc" }, { id: "asc" }] } },
  });
  if (!row) throw new DomainError("not_found", DELIVERY_NOT_FOUND);
  const { data, attemptLog, ...rest } = row;
  return {
    ...summary(rest),
    data,
    attemptLog: attemptLog.map((a) => ({
      id: a.id,
      attemptedAt: a.attemptedAt,
      url: a.url,
      requestHeaders: headersOf(a.requestHeaders),
      requestBody: a.requestBody,
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      error: a.error,
      responseSnippet: a.responseSnippet,
      completed: a.completedAt !== null,
    })),
  };
}

/**
 * Queues one of the reseller's deliveries again — a fresh round of attempts with the same
 * X-Webhook-Id, due now — whatever its state (a delivered one is sent once more). 404 when not the
 * reseller's. The operator console re-queues with `requeueFailedWebhookDelivery` (operator-webhooks.ts).
 */
export async function requeueWebhookDelivery({ db, now, actor }: WebhookContext, { deliveryId }: { deliveryId: string }): Promise<WebhookDeliverySummary> {
  const { count } = await db.webhookDelivery.updateMany({
    where: { id: deliveryId, resellerId: actor.resellerId },
    data: { status: "pending", roundAttempts: 0, nextAttemptAt: now, failedAt: null },
  });
  if (count === 0) throw new DomainError("not_found", DELIVERY_NOT_FOUND);
  // A reseller that is not active gets it back as paused (the sweep would do the same within a minute).
  const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, select: { ...SUMMARY_SELECT, reseller: { select: { status: true } } } });
  const { reseller, ...rest } = row;
  if (reseller.status !== "active") {
    await db.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "paused" } });
    return summary({ ...rest, status: "paused" });
  }
  return summary(rest);
}

/** `POST /webhooks/deliveries/{id}/resend` and the portal's "Send again". */
export function resendWebhookDelivery(ctx: WebhookContext, input: { deliveryId: string }): Promise<WebhookDeliverySummary> {
  return requeueWebhookDelivery(ctx, input);
}
