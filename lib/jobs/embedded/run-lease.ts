import { Prisma } from "@/lib/generated/prisma/client";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** runAt of a run someone is working on; anything a nudge writes is earlier. */
export const HELD_RUN_AT = new Date("9999-12-31T00:00:00.000Z");

// Timestamps go to SQL as ISO text cast to `timestamp`: the columns are UTC `timestamp(3)` written by
// Prisma, and a text cast ignores the zone suffix instead of converting through the session zone.
const ts = (d: Date) => Prisma.sql`${d.toISOString()}::timestamp`;

/**
 * Claims the next due run for `token`: a queued run whose time has come, or a running run whose holder
 * stopped renewing its lease (a crashed process). SKIP LOCKED lets concurrent runners each take a
 * different run instead of queueing behind one another.
 */
export async function claimNextRun(db: PrismaClient, token: string, now: Date, leaseMs: number): Promise<string | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH next AS (
      SELECT id FROM "JobRun"
      WHERE (status = 'queued' AND "runAt" <= ${ts(now)})
         OR (status = 'running' AND "lockedUntil" < ${ts(now)})
      -- Oldest first; an abandoned run counts from when its lease ran out, so due work cannot starve it.
      ORDER BY CASE WHEN status = 'running' THEN "lockedUntil" ELSE "runAt" END
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "JobRun" AS r
    SET status = 'running', "lockedBy" = ${token}, "lockedUntil" = ${ts(new Date(now.getTime() + leaseMs))},
        "runAt" = ${ts(HELD_RUN_AT)}, "updatedAt" = ${ts(now)}
    FROM next
    WHERE r.id = next.id
    RETURNING r.id::text AS id`;
  return rows[0]?.id ?? null;
}

/**
 * Hands a run back to the queue, due at `wakeAt` or at an earlier nudge received while it was held.
 * False when the lease had already been taken over.
 */
export async function releaseRun(db: PrismaClient, runId: string, token: string, wakeAt: Date, now: Date): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE "JobRun"
    SET status = 'queued', "lockedBy" = NULL, "lockedUntil" = NULL,
        "runAt" = LEAST("runAt", ${ts(wakeAt)}), "updatedAt" = ${ts(now)}
    WHERE id = ${runId}::uuid AND "lockedBy" = ${token}`;
  return count === 1;
}

/** Extends the lease while a long step runs. False when it was lost. */
export async function renewLease(db: PrismaClient, runId: string, token: string, now: Date, leaseMs: number): Promise<boolean> {
  const { count } = await db.jobRun.updateMany({
    where: { id: runId, lockedBy: token },
    data: { lockedUntil: new Date(now.getTime() + leaseMs) },
  });
  return count === 1;
}
