import type { BackendJob } from "@/lib/generated/prisma/client";
import { BackendError, defaultRetryable, isBackendErrorCode } from "./backend-error";
import type { BackendJobView } from "./types";

export function toJobView(job: BackendJob): BackendJobView {
  const code = isBackendErrorCode(job.errorCode) ? job.errorCode : "unknown";
  return {
    id: job.id,
    nodeId: job.nodeId,
    vmId: job.vmId,
    serverId: job.serverId,
    operation: job.operation,
    state: job.state,
    progress: job.progress,
    step: job.step,
    error:
      job.state === "failed"
        ? { code, message: job.errorMessage ?? "The operation failed", retryable: job.errorRetryable ?? defaultRetryable(code) }
        : null,
    result: (job.result as Record<string, unknown> | null) ?? null,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

/** The stored failure of a job as the error a caller would have got synchronously. */
export function jobError(job: BackendJobView): BackendError | null {
  return job.error ? new BackendError(job.error.code, job.error.message, { retryable: job.error.retryable }) : null;
}
