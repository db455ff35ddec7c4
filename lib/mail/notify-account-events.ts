import { Prisma } from "@/lib/generated/prisma/client";
import type { Db, Tx } from "@/lib/db/client";
import { publicOrigin } from "@/lib/platform/public-origin";
import type { AccountEventPayloads, AccountEventType } from "./account-events";
import { accountEventEmail } from "./account-event-email";
import { queueEmail } from "./queue-email";

export interface NotifyReport {
  events: number;
  queued: number;
}

/**
 * Turns account events nobody has mailed yet into messages to the account's owner, oldest first.
 * Rows are taken with SKIP LOCKED and marked `notifiedAt` in the transaction that queues their
 * messages; each message's dedupe key names the thing it reports (`service-ready:<service id>`), so
 * a retried run, a second worker or the same fact raised twice queue it once.
 */
export async function notifyAccountEvents(options: { db: Db; now: Date; batchSize?: number; origin?: string }): Promise<NotifyReport> {
  const { db, now } = options;
  const batchSize = options.batchSize ?? 100;
  const origin = options.origin ?? publicOrigin();
  const report: NotifyReport = { events: 0, queued: 0 };
  for (;;) {
    const batch = await db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string; type: string; accountId: string; payload: Prisma.JsonValue }[]>`
        SELECT id::text AS id, type, "accountId"::text AS "accountId", payload FROM "OutboxEvent"
        WHERE "notifiedAt" IS NULL AND "accountId" IS NOT NULL AND type LIKE 'account.%'
        ORDER BY "createdAt", id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED`;
      let queued = 0;
      for (const row of rows) queued += await mailEvent(tx, row, now, origin);
      if (rows.length) {
        const ids = Prisma.join(rows.map((r) => Prisma.sql`${r.id}::uuid`));
        await tx.$executeRaw`UPDATE "OutboxEvent" SET "notifiedAt" = ${now.toISOString()}::timestamp WHERE id IN (${ids})`;
      }
      return { events: rows.length, queued };
    });
    report.events += batch.events;
    report.queued += batch.queued;
    if (batch.events < batchSize) return report;
  }
}

async function mailEvent(tx: Tx, row: { id: string; type: string; accountId: string; payload: Prisma.JsonValue }, now: Date, origin: string): Promise<number> {
  const type = row.type.slice("account.".length) as AccountEventType;
  const account = await tx.clientAccount.findUnique({
    where: { id: row.accountId },
    select: { owner: { select: { id: true, name: true, email: true, emailOptOuts: true } } },
  });
  if (!account) return 0;
  const owner = account.owner;
  const email = await accountEventEmail(tx, { eventId: row.id, type, payload: row.payload as unknown as AccountEventPayloads[typeof type], recipientName: owner.name, origin });
  if (!email) return 0;
  const written = await queueEmail(tx, {
    ...email,
    dedupeKey: `${email.dedupeKey}:${owner.id}`,
    to: owner.email,
    accountId: row.accountId,
    userId: owner.id,
    optOuts: owner.emailOptOuts,
    now,
  });
  return written ? 1 : 0;
}
