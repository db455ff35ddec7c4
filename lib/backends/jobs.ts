import { BackendError } from "./backend-error";
import { releaseExpiredAllocations } from "./capacity/release-allocation";
import type { BackendContext } from "./context";
import { driverForNode } from "./registry";
import type { BackendJobView } from "./types";

/** A job as of now: its driver advances it first (a simulator runs its timeline, a real driver polls the provider). */
export async function getJob(jobId: string, ctx: BackendContext): Promise<BackendJobView> {
  const job = await ctx.db.backendJob.findUnique({ where: { id: jobId }, select: { nodeId: true } });
  if (!job) throw new BackendError("not_found", `No job ${jobId}`);
  const driver = await driverForNode(job.nodeId, ctx);
  return driver.advanceJob(jobId, ctx.clock.now());
}

export interface AdvanceReport {
  /** Jobs that had something due and were advanced. */
  advanced: number;
  /** Of those, how many finished (succeeded or failed). */
  finished: number;
  /** Jobs whose driver failed to advance them (left as they were, tried again next time). */
  errors: { jobId: string; message: string }[];
  releasedAllocations: number;
}

/**
 * The background tick: advances every unfinished job with something due by `now`, oldest first, and
 * releases allocations that expired without a machine. Safe to run in several processes at once
 * (each job is advanced under a row lock) and after a restart (everything is read from the database).
 */
export async function advance(now: Date, ctx: BackendContext, options: { limit?: number } = {}): Promise<AdvanceReport> {
  const due = await ctx.db.backendJob.findMany({
    where: { state: { in: ["queued", "running"] }, nextCheckAt: { lte: now } },
    orderBy: { nextCheckAt: "asc" },
    take: options.limit ?? 500,
    select: { id: true, nodeId: true },
  });
  const report: AdvanceReport = { advanced: 0, finished: 0, errors: [], releasedAllocations: 0 };
  for (const job of due) {
    try {
      const driver = await driverForNode(job.nodeId, ctx);
      const view = await driver.advanceJob(job.id, now);
      report.advanced++;
      if (view.state === "succeeded" || view.state === "failed") report.finished++;
    } catch (error) {
      report.errors.push({ jobId: job.id, message: error instanceof Error ? error.message : String(error) });
    }
  }
  report.releasedAllocations = await releaseExpiredAllocations(ctx, now);
  return report;
}
