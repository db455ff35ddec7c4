import type { Db, DbOrTx } from "@/lib/db/client";
import { BackendError, type BackendErrorCode } from "../backend-error";

export interface InjectFailureInput {
  node?: string;
  vm?: string;
  server?: string;
  /** An operation name (`create`, `start`, `snapshot.create`, `status`, …) or `*` for all. */
  operation: string;
  code: BackendErrorCode;
  message?: string;
  /** How many matching calls fail (default 1); null = every call until cleared. */
  times?: number | null;
  /** `job` (default): the job starts and fails when it would have finished. `submit`: the call throws. */
  stage?: "job" | "submit";
}

export interface Fault {
  code: BackendErrorCode;
  message: string;
}

/**
 * Makes a simulator fail on purpose, for tests, demos and chaos drills. Stored in the database, so
 * it holds across processes and restarts. Read-only calls (status, stats, network…) fail at once
 * whatever the stage.
 */
export async function injectFailure(db: DbOrTx, input: InjectFailureInput): Promise<{ id: string }> {
  const times = input.times === undefined ? 1 : input.times;
  if (times !== null && (!Number.isInteger(times) || times < 1)) throw new RangeError("times must be a positive integer or null");
  const row = await db.backendFault.create({
    data: {
      nodeId: input.node ?? null,
      vmId: input.vm ?? null,
      serverId: input.server ?? null,
      operation: input.operation,
      code: input.code,
      message: input.message ?? null,
      stage: input.stage ?? "job",
      remaining: times,
    },
  });
  return { id: row.id };
}

/** Removes injected failures: all of them, or those scoped to a node, machine or server. */
export async function clearFailures(db: DbOrTx, filter: { node?: string; vm?: string; server?: string } = {}): Promise<number> {
  const { count } = await db.backendFault.deleteMany({
    where: { nodeId: filter.node, vmId: filter.vm, serverId: filter.server },
  });
  return count;
}

interface FaultTarget {
  nodeId: string;
  vmId?: string | null;
  serverId?: string | null;
  operation: string;
}

const DEFAULT_MESSAGES: Partial<Record<BackendErrorCode, string>> = {
  provider_unreachable: "The node did not answer (injected failure)",
  install_timeout: "The installer did not report back in time (injected failure)",
  storage_capacity: "The node's storage pool is full (injected failure)",
};

/**
 * Consumes one matching fault and returns it, oldest first; a fault with `remaining` null is never
 * used up. `read` (synchronous calls) matches faults naming the operation at any stage, and `*`
 * faults of the submit stage; `submit` and `job` match their own stage.
 */
export async function takeFault(db: DbOrTx, target: FaultTarget, mode: "read" | "submit" | "job"): Promise<Fault | null> {
  const operationMatch =
    mode === "read"
      ? { OR: [{ operation: target.operation }, { operation: "*", stage: "submit" }] }
      : { operation: { in: [target.operation, "*"] }, stage: mode };
  const candidates = await db.backendFault.findMany({
    where: {
      AND: [
        operationMatch,
        { OR: [{ nodeId: null }, { nodeId: target.nodeId }] },
        { OR: [{ vmId: null }, ...(target.vmId ? [{ vmId: target.vmId }] : [])] },
        { OR: [{ serverId: null }, ...(target.serverId ? [{ serverId: target.serverId }] : [])] },
      ],
    },
    orderBy: { createdAt: "asc" },
  });
  for (const fault of candidates) {
    if (fault.remaining !== null) {
      // Conditional decrement: two callers never both consume the last use.
      const { count } = await db.backendFault.updateMany({ where: { id: fault.id, remaining: { gt: 0 } }, data: { remaining: { decrement: 1 } } });
      if (count === 0) continue;
      await db.backendFault.deleteMany({ where: { id: fault.id, remaining: { lte: 0 } } });
    }
    const code = fault.code as BackendErrorCode;
    return { code, message: fault.message ?? DEFAULT_MESSAGES[code] ?? `Injected failure: ${code}` };
  }
  return null;
}

/** For synchronous calls: throws the matching fault, if any (committed before throwing). */
export async function throwIfFaulted(db: Db, target: FaultTarget): Promise<void> {
  const fault = await takeFault(db, target, "read");
  if (fault) throw new BackendError(fault.code, fault.message);
}

/** For calls that start jobs: throws a submit-stage fault, if any. */
export async function throwIfSubmitFaulted(db: Db, target: FaultTarget): Promise<void> {
  const fault = await takeFault(db, target, "submit");
  if (fault) throw new BackendError(fault.code, fault.message);
}
