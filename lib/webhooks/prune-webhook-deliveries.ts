import type { DbOrTx } from "@/lib/db/client";
import { sqlTimestamp as ts } from "./sql-timestamp";

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long finished deliveries and attempts are kept (the delivery log and the operator's failed list). */
export const WEBHOOK_RETENTION_MS = 30 * DAY_MS;

/** Rows deleted per statement, so a large backlog is pruned in short transactions. */
const BATCH = 5_000;

export interface PruneWebhookReport {
  /** Delivered or permanently failed deliveries that finished before the cut-off (their attempts went with them). */
  deliveries: number;
  /** Older finished attempts of deliveries that are kept (re-queued ones with a long history). */
  attempts: number;
}

/**
 * Deletes what the retention no longer covers, in batches:
 * - deliveries that are `delivered` or `failed` and finished (deliveredAt / failedAt) before
 *   `now - retentionMs`, with their attempts (the foreign key cascades);
 * - finished attempts older than that of the deliveries that remain (a delivery re-queued after a
 *   month keeps only its recent rounds). An attempt without a result (its sender died) goes too once
 *   it is that old. Pending and paused deliveries are never deleted, however old.
 */
export async function pruneWebhookDeliveries(db: DbOrTx, now: Date, retentionMs = WEBHOOK_RETENTION_MS): Promise<PruneWebhookReport> {
  const cutoff = new Date(now.getTime() - retentionMs);
  let deliveries = 0;
  for (;;) {
    const count = await db.$executeRaw`
      DELETE FROM "WebhookDelivery" WHERE id IN (
        SELECT id FROM "WebhookDelivery"
        WHERE (status = 'delivered' AND "deliveredAt" < ${ts(cutoff)}) OR (status = 'failed' AND "failedAt" < ${ts(cutoff)})
        LIMIT ${BATCH}
      )`;
    deliveries += count;
    if (count < BATCH) break;
  }
  let attempts = 0;
  for (;;) {
    const count = await db.$executeRaw`
      DELETE FROM "WebhookAttempt" WHERE id IN (
        SELECT id FROM "WebhookAttempt" WHERE "attemptedAt" < ${ts(cutoff)} LIMIT ${BATCH}
      )`;
    attempts += count;
    if (count < BATCH) break;
  }
  return { deliveries, attempts };
}
