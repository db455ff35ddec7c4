import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { RESELLER_WEBHOOK_EVENTS } from "./events";
import { sqlTimestamp } from "./sql-timestamp";

export interface EnqueueOutboxReport {
  /** Outbox rows looked at and marked handled. */
  relayed: number;
  /** Deliveries queued from them. */
  queued: number;
  /** Rows whose reseller had no webhook URL: dropped. */
  dropped: number;
}

/**
 * Turns reseller outbox rows that nobody relayed yet (domain code that wrote `OutboxEvent` itself
 * instead of calling recordResellerEvent) into webhook deliveries. A row whose reseller has no URL on
 * file now is dropped. Rows are taken oldest first with SKIP LOCKED and marked handled
 * (`dispatchedAt`) in the same transaction that queues their deliveries; the unique
 * `WebhookDelivery.outboxEventId` makes a second relay of one row queue nothing more.
 * Only rows with a reseller and a reseller webhook event name are touched.
 */
export async function enqueueOutboxEvents(options: { db: Db; now: Date; batchSize?: number }): Promise<EnqueueOutboxReport> {
  const { db, now } = options;
  const batchSize = options.batchSize ?? 500;
  const report: EnqueueOutboxReport = { relayed: 0, queued: 0, dropped: 0 };
  const events = Prisma.join(RESELLER_WEBHOOK_EVENTS.map((e) => Prisma.sql`${e}`));
  for (;;) {
    const batch = await db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        SELECT o.id::text AS id FROM "OutboxEvent" o
        WHERE o."dispatchedAt" IS NULL AND o."resellerId" IS NOT NULL AND o.type IN (${events})
        ORDER BY o."createdAt", o.id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED`;
      if (rows.length === 0) return { relayed: 0, queued: 0 };
      const ids = Prisma.join(rows.map((r) => Prisma.sql`${r.id}::uuid`));
      const queued = await tx.$executeRaw`
        INSERT INTO "WebhookDelivery" (id, "resellerId", "outboxEventId", event, data, status, "nextAttemptAt", "createdAt")
        SELECT gen_random_uuid(), o."resellerId", o.id, o.type, o.payload,
               CASE WHEN p.status = 'active' THEN 'pending'::"WebhookDeliveryStatus" ELSE 'paused'::"WebhookDeliveryStatus" END,
               ${sqlTimestamp(now)}, o."createdAt"
        FROM "OutboxEvent" o JOIN "ResellerProfile" p ON p.id = o."resellerId"
        WHERE o.id IN (${ids}) AND p."webhookUrl" IS NOT NULL
        ON CONFLICT ("outboxEventId") DO NOTHING`;
      await tx.$executeRaw`UPDATE "OutboxEvent" SET "dispatchedAt" = ${sqlTimestamp(now)} WHERE id IN (${ids})`;
      return { relayed: rows.length, queued };
    });
    report.relayed += batch.relayed;
    report.queued += batch.queued;
    report.dropped += batch.relayed - batch.queued;
    if (batch.relayed < batchSize) return report;
  }
}
