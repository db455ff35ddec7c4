import { getDb } from "@/lib/db/client";
import { inngest } from "../client";

const DAY = 24 * 60 * 60 * 1000;

/** How long finished work stays visible for diagnosis. Events must outlive the 24h idempotency window. */
export const JOB_HISTORY_RETENTION = {
  cronTicksMs: 2 * DAY,
  completedRunsMs: 7 * DAY,
  failedRunsMs: 30 * DAY,
  eventsMs: 7 * DAY,
} as const;

/**
 * Hourly housekeeping of the job tables the embedded runner writes (a cron tick every minute per
 * schedule, an event and a run per trigger). Under an Inngest server these tables stay empty and it
 * has nothing to do.
 */
export const pruneJobHistory = inngest.createFunction(
  { id: "prune-job-history", name: "Prune background job history", triggers: [{ cron: "17 * * * *" }], retries: 2 },
  async ({ event, step }) => {
    // The scheduled minute, not the wall clock: a retry an hour later prunes the same window.
    const now = typeof event.ts === "number" ? event.ts : Date.now();
    const before = (ms: number) => new Date(now - ms);
    const db = getDb();

    const cronTicks = await step.run("prune-cron-ticks", async () => {
      const { count } = await db.jobCronTick.deleteMany({ where: { minute: { lt: before(JOB_HISTORY_RETENTION.cronTicksMs) } } });
      return count;
    });
    const runs = await step.run("prune-finished-runs", async () => {
      const completed = await db.jobRun.deleteMany({
        where: { status: "completed", finishedAt: { lt: before(JOB_HISTORY_RETENTION.completedRunsMs) } },
      });
      const failed = await db.jobRun.deleteMany({
        where: { status: { in: ["failed", "cancelled"] }, finishedAt: { lt: before(JOB_HISTORY_RETENTION.failedRunsMs) } },
      });
      return completed.count + failed.count;
    });
    const events = await step.run("prune-events", async () => {
      const { count } = await db.jobEvent.deleteMany({ where: { createdAt: { lt: before(JOB_HISTORY_RETENTION.eventsMs) } } });
      return count;
    });
    return { cronTicks, runs, events };
  },
);
