import { Prisma } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "@/lib/db/client";

// RateLimitBucket: hits per subject and time bucket, shared by every server process.

// Timestamps go to SQL as ISO text cast to `timestamp`: the columns are UTC `timestamp(3)` written by
// Prisma, and a text cast ignores the zone suffix instead of converting through the session zone.
const ts = (d: Date) => Prisma.sql`${d.toISOString()}::timestamp`;

export interface CounterHit {
  subject: string;
  /** The bucket this request is counted in. */
  bucketStart: Date;
  /** The oldest bucket start still in the window (= bucketStart for a one-bucket window). */
  windowFrom: Date;
}

/**
 * Counts one request against each subject and returns, per subject, the requests in its window
 * including this one. One statement: the current bucket of every subject is upserted (`ON CONFLICT
 * DO UPDATE … RETURNING`, so concurrent requests each get their own count: the row lock serialises
 * them), and the older buckets of the window, which nobody writes any more, are added from the
 * statement's snapshot. Rows are written in subject order, so two requests touching the same two
 * subjects lock them in the same order and cannot deadlock.
 *
 * The statement commits asynchronously (`synchronous_commit = off` for its own transaction only): it
 * does not wait for the WAL flush, which on a busy disk was most of an API request's database time.
 * Counting stays exact — the row lock serialises concurrent requests exactly as before; what is
 * given up is durability of the last fraction of a second of counts if PostgreSQL itself crashes
 * (never a torn or inconsistent row), which for hourly request counters errs in the client's favour.
 */
export async function countHits(db: DbOrTx, hits: readonly CounterHit[]): Promise<Map<string, number>> {
  if (hits.length === 0) return new Map();
  const rows = Prisma.join(hits.map((h) => Prisma.sql`(${h.subject}::text, ${ts(h.bucketStart)}, ${ts(h.windowFrom)})`));
  const result = await db.$queryRaw<{ subject: string; used: number }[]>`
    WITH input (subject, bucket_start, window_from) AS (VALUES ${rows}),
    bumped AS (
      INSERT INTO "RateLimitBucket" (subject, "bucketStart", hits)
      SELECT subject, bucket_start, 1 FROM input ORDER BY subject
      ON CONFLICT (subject, "bucketStart") DO UPDATE SET hits = "RateLimitBucket".hits + 1
      RETURNING subject, hits
    )
    SELECT b.subject,
      (b.hits + COALESCE((
        SELECT SUM(r.hits) FROM "RateLimitBucket" r
        WHERE r.subject = i.subject AND r."bucketStart" >= i.window_from AND r."bucketStart" < i.bucket_start
      ), 0))::int AS used
    FROM bumped b JOIN input i ON i.subject = b.subject
    CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`;
  return new Map(result.map((r) => [r.subject, Number(r.used)]));
}

/** The buckets of one subject from `from` to `to` (both included), oldest first: for Retry-After on a refusal. */
export async function bucketsOf(db: DbOrTx, subject: string, from: Date, to: Date): Promise<{ bucketStart: Date; hits: number }[]> {
  return db.rateLimitBucket.findMany({
    where: { subject, bucketStart: { gte: from, lte: to } },
    orderBy: { bucketStart: "asc" },
    select: { bucketStart: true, hits: true },
  });
}

/** Counters of every window end within an hour (fixed) or 61 minutes (sliding); keep two hours. */
export const RATE_LIMIT_BUCKET_RETENTION_MS = 2 * 3_600_000;

/** Deletes buckets that no window can reach any more. */
export async function deleteExpiredRateLimitBuckets(db: DbOrTx, now: Date): Promise<number> {
  const { count } = await db.rateLimitBucket.deleteMany({
    where: { bucketStart: { lt: new Date(now.getTime() - RATE_LIMIT_BUCKET_RETENTION_MS) } },
  });
  return count;
}
