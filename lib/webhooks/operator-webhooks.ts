import type { OperatorContext } from "@/lib/admin/operator-context";
import { DomainError } from "@/lib/errors/domain-error";
import { WEBHOOK_DEFAULT_MAX_ATTEMPTS } from "./retry-schedule";
import { DELIVERY_NOT_FOUND } from "./webhook-deliveries";

// The operator console's side of webhooks (app/admin/webhooks): every reseller's permanently failed
// deliveries, re-queueing one, and the attempt limit (ResellerProgramme.webhookMaxAttempts).

/** Bounds of the attempt limit an operator may set: at least one attempt; 50 already spans ~45 hours. */
export const WEBHOOK_MAX_ATTEMPTS_RANGE = { min: 1, max: 50 } as const;
export const NOT_FAILED_ANY_MORE = "This delivery is no longer failed; it was re-queued or resent already";

export interface FailedWebhookDelivery {
  id: string;
  event: string;
  resellerId: string;
  /** The reseller's client account name. */
  resellerName: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  failedAt: Date | null;
}

/** Permanently failed deliveries of every reseller, most recently failed first. */
export async function listFailedWebhookDeliveries(
  { db }: OperatorContext,
  input: { limit: number; offset: number },
): Promise<{ deliveries: FailedWebhookDelivery[]; total: number }> {
  const where = { status: "failed" as const };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({
      where,
      orderBy: [{ failedAt: "desc" }, { id: "desc" }],
      skip: input.offset,
      take: input.limit,
      select: {
        id: true,
        event: true,
        resellerId: true,
        attempts: true,
        lastStatusCode: true,
        lastError: true,
        createdAt: true,
        failedAt: true,
        reseller: { select: { account: { select: { name: true } } } },
      },
    }),
    db.webhookDelivery.count({ where }),
  ]);
  return { deliveries: rows.map(({ reseller, ...d }) => ({ ...d, resellerName: reseller.account.name })), total };
}

/**
 * Re-queues one permanently failed delivery (any reseller's): a fresh round of attempts due at
 * `ctx.now` with the same X-Webhook-Id; a reseller that is not active gets it back paused.
 * Conditional on the delivery still being `failed`, so a double click (or a reseller's resend in
 * between) does not restart a round already under way: the second is refused with NOT_FAILED_ANY_MORE.
 */
export async function requeueFailedWebhookDelivery({ db, now }: OperatorContext, { deliveryId }: { deliveryId: string }): Promise<{ status: "pending" | "paused" }> {
  const [row] = await db.$queryRaw<{ status: "pending" | "paused" }[]>`
    UPDATE "WebhookDelivery" d
    SET status = (CASE WHEN p.status = 'active' THEN 'pending' ELSE 'paused' END)::"WebhookDeliveryStatus",
        "roundAttempts" = 0, "nextAttemptAt" = ${now.toISOString()}::timestamp, "failedAt" = NULL
    FROM "ResellerProfile" p
    WHERE d.id = ${deliveryId}::uuid AND p.id = d."resellerId" AND d.status = 'failed'
    RETURNING d.status::text AS status`;
  if (row) return row;
  const exists = await db.webhookDelivery.count({ where: { id: deliveryId } });
  throw exists ? new DomainError("conflict", NOT_FAILED_ANY_MORE) : new DomainError("not_found", DELIVERY_NOT_FOUND);
}

/** The attempt limit the sweep applies (ResellerProgramme.webhookMaxAttempts; the default while the row is missing). */
export async function getWebhookMaxAttempts({ db }: OperatorContext): Promise<number> {
  const programme = await db.resellerProgramme.findUnique({ where: { id: 1 }, select: { webhookMaxAttempts: true } });
  return programme?.webhookMaxAttempts ?? WEBHOOK_DEFAULT_MAX_ATTEMPTS;
}

/**
 * Sets the attempt limit. It applies from the next sweep to every delivery's current round: one
 * that has already failed as often as the new limit fails at its next attempt; deliveries already
 * `failed` stay failed (re-queue them).
 */
export async function setWebhookMaxAttempts({ db }: OperatorContext, { webhookMaxAttempts: value }: { webhookMaxAttempts: number }): Promise<number> {
  const { min, max } = WEBHOOK_MAX_ATTEMPTS_RANGE;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new DomainError("invalid", `The attempt limit must be a whole number from ${min} to ${max}`, {
      details: [{ field: "webhookMaxAttempts", message: `A whole number from ${min} to ${max}` }],
    });
  }
  const row = await db.resellerProgramme.upsert({
    where: { id: 1 },
    create: { id: 1, webhookMaxAttempts: value },
    update: { webhookMaxAttempts: value },
    select: { webhookMaxAttempts: true },
  });
  return row.webhookMaxAttempts;
}
