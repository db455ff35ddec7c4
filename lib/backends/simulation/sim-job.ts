import { randomUUID } from "node:crypto";
import type { Db, Tx } from "@/lib/db/client";
import { Prisma, type BackendJob } from "@/lib/generated/prisma/client";
import { BackendError, isBackendErrorCode } from "../backend-error";
import { inTransaction } from "@/lib/db/in-transaction";
import type { Fault } from "./faults";

/**
 * Simulated jobs are timelines stored on the BackendJob row: `startsAt` (end of the queue) and, per
 * step, the time it ends. Whoever looks at a job at time `now` (a poll, or advance(now)) enters every
 * step whose start has passed and, once the last step has ended, completes or fails it. Effects run in
 * the same transaction as the job row update, under a row lock, so each runs exactly once even when
 * two processes advance the same job, and a restart resumes from the row.
 */
export interface SimOperation {
  /** Entering a step, in order, each exactly once. */
  enter?(tx: Tx, job: BackendJob, step: string, now: Date): Promise<void>;
  /** Every step has ended. Returns the job's result; throwing a BackendError fails the job instead. */
  complete(tx: Tx, job: BackendJob, now: Date): Promise<Record<string, unknown>>;
  /** The job failed: undo or mark what the steps did. */
  fail(tx: Tx, job: BackendJob, error: BackendError, now: Date): Promise<void>;
}

export type SimOperationTable = Record<string, SimOperation>;

interface TimelineEntry {
  name: string;
  endsAt: string;
}

export interface NewSimJob {
  id?: string;
  nodeId: string;
  vmId?: string | null;
  serverId?: string | null;
  operation: string;
  params: Record<string, unknown>;
  steps: { name: string; ms: number }[];
  queueMs: number;
  now: Date;
  fault?: Fault | null;
}

export function newJobId(): string {
  return randomUUID();
}

export async function insertSimJob(tx: Tx, job: NewSimJob): Promise<BackendJob> {
  // Nothing to do (the machine is already in the requested state): no queue either.
  const startsAt = new Date(job.now.getTime() + (job.steps.length === 0 ? 0 : job.queueMs));
  let at = startsAt.getTime();
  const timeline: TimelineEntry[] = job.steps.map((step) => {
    at += step.ms;
    return { name: step.name, endsAt: new Date(at).toISOString() };
  });
  return tx.backendJob.create({
    data: {
      id: job.id ?? newJobId(),
      nodeId: job.nodeId,
      vmId: job.vmId ?? null,
      serverId: job.serverId ?? null,
      operation: job.operation,
      params: { ...job.params, ...(job.fault ? { fault: { code: job.fault.code, message: job.fault.message } } : {}) } as Prisma.InputJsonObject,
      timeline: timeline as unknown as Prisma.InputJsonArray,
      startsAt,
      nextCheckAt: startsAt,
      createdAt: job.now,
    },
  });
}

function progressAt(job: BackendJob, timeline: TimelineEntry[], now: Date): number {
  const start = job.startsAt.getTime();
  const end = timeline.length > 0 ? Date.parse(timeline[timeline.length - 1]!.endsAt) : start;
  if (end <= start) return 99;
  return Math.max(0, Math.min(99, Math.floor((100 * (now.getTime() - start)) / (end - start))));
}

function storedFault(job: BackendJob): BackendError | null {
  const fault = (job.params as { fault?: { code?: unknown; message?: unknown } } | null)?.fault;
  if (!fault || !isBackendErrorCode(fault.code)) return null;
  return new BackendError(fault.code, typeof fault.message === "string" ? fault.message : `Injected failure: ${fault.code}`);
}

/** Clears the machine or server locks this job holds. */
async function releaseLocks(tx: Tx, job: BackendJob): Promise<void> {
  if (job.vmId) {
    await tx.virtualMachine.updateMany({ where: { id: job.vmId, diskJobId: job.id }, data: { diskJobId: null } });
    await tx.virtualMachine.updateMany({ where: { id: job.vmId, powerJobId: job.id }, data: { powerJobId: null } });
  }
  if (job.serverId) {
    await tx.dedicatedServer.updateMany({ where: { id: job.serverId, provisionJobId: job.id }, data: { provisionJobId: null } });
    await tx.dedicatedServer.updateMany({ where: { id: job.serverId, powerJobId: job.id }, data: { powerJobId: null } });
  }
}

/** Marks a job failed without running its operation's fail handler (the target is being destroyed). */
export async function abortSimJob(tx: Tx, job: BackendJob, error: BackendError, now: Date): Promise<void> {
  await tx.backendJob.update({
    where: { id: job.id },
    data: {
      state: "failed",
      errorCode: error.code,
      errorMessage: error.message,
      errorRetryable: error.retryable,
      finishedAt: now,
      nextCheckAt: now,
    },
  });
  await releaseLocks(tx, job);
}

/** Brings one job up to `now`. Terminal jobs are returned as they are. */
export async function advanceSimJob(db: Db, jobId: string, now: Date, operations: SimOperationTable): Promise<BackendJob> {
  return inTransaction(db, async (tx) => {
    await tx.$queryRaw`SELECT id FROM "BackendJob" WHERE id = ${jobId}::uuid FOR UPDATE`;
    const job = await tx.backendJob.findUnique({ where: { id: jobId } });
    if (!job) throw new BackendError("not_found", `No job ${jobId}`);
    if (job.state === "succeeded" || job.state === "failed" || now < job.startsAt) return job;
    const operation = operations[job.operation];
    if (!operation) throw new BackendError("configuration", `The simulator has no operation ${job.operation}`);

    const timeline = job.timeline as unknown as TimelineEntry[];
    const current = timeline.findIndex((entry) => Date.parse(entry.endsAt) > now.getTime());
    const done = current === -1;
    const reached = done ? timeline.length - 1 : current;

    let failure: BackendError | null = null;
    let result: Record<string, unknown> | null = null;
    try {
      for (let i = job.stepIndex + 1; i <= reached; i++) await operation.enter?.(tx, job, timeline[i]!.name, now);
      if (done) {
        failure = storedFault(job);
        if (!failure) result = await operation.complete(tx, job, now);
      }
    } catch (error) {
      if (!(error instanceof BackendError)) throw error;
      failure = error;
    }

    const step = reached >= 0 ? timeline[reached]!.name : null;
    const startedAt = job.startedAt ?? job.startsAt;
    if (failure) {
      await operation.fail(tx, job, failure, now);
      await releaseLocks(tx, job);
      return tx.backendJob.update({
        where: { id: job.id },
        data: {
          state: "failed",
          stepIndex: reached,
          step,
          progress: progressAt(job, timeline, now),
          errorCode: failure.code,
          errorMessage: failure.message,
          errorRetryable: failure.retryable,
          startedAt,
          finishedAt: now,
          nextCheckAt: now,
        },
      });
    }
    if (done) {
      await releaseLocks(tx, job);
      return tx.backendJob.update({
        where: { id: job.id },
        data: {
          state: "succeeded",
          stepIndex: reached,
          step,
          progress: 100,
          result: (result ?? {}) as Prisma.InputJsonObject,
          startedAt,
          finishedAt: now,
          nextCheckAt: now,
        },
      });
    }
    return tx.backendJob.update({
      where: { id: job.id },
      data: {
        state: "running",
        stepIndex: reached,
        step,
        progress: progressAt(job, timeline, now),
        startedAt,
        nextCheckAt: new Date(timeline[reached]!.endsAt),
      },
    });
  });
}
