import type { DbOrTx } from "@/lib/db/client";

/**
 * Makes runs due now without touching their state, which belongs to whoever holds the run.
 * A run being driven has runAt far in the future (see claim-next-run), so a nudge during the drive
 * leaves runAt earlier than its parking time, and parking keeps the earlier one: no wake-up is lost.
 */
export async function nudgeRuns(db: DbOrTx, runIds: readonly string[], now: Date): Promise<void> {
  if (runIds.length === 0) return;
  await db.jobRun.updateMany({
    where: { id: { in: [...runIds] }, status: { in: ["queued", "running"] }, runAt: { gt: now } },
    data: { runAt: now },
  });
}
