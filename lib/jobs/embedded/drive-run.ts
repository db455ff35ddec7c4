import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import { compileCel } from "./compile-cel";
import { ingestEvents } from "./ingest-events";
import type { JobEventPayload } from "./job-event";
import { LeaseLostError } from "./lease-lost-error";
import { resolveInngestTime } from "./parse-inngest-time";
import type { RegisteredFunction } from "./registered-function";
import { findMatchingEvent } from "./find-matching-event";
import { HELD_RUN_AT, releaseRun, renewLease } from "./run-lease";
import type { RunnerLogger } from "./runner-logger";
import { dueAt, isPendingFor, memoize, requestDiscovery, type PendingItem, type RunState, type StepResult } from "./run-state";
import { toSerializedError, type SerializedError } from "./serialized-error";

export interface FunctionCall {
  runId: string;
  functionId: string;
  /** "step" to discover, or the hashed id of the one step to run. */
  stepId: string;
  event: JobEventPayload;
  state: RunState;
  attempt: number;
  maxAttempts: number;
  disableImmediateExecution: boolean;
}

export interface FunctionResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** What driving a run needs from the runner. */
export interface DriveContext {
  db: PrismaClient;
  clock: () => Date;
  backoff: (attempt: number) => number;
  leaseMs: number;
  functions: ReadonlyMap<string, RegisteredFunction>;
  call(request: FunctionCall): Promise<FunctionResponse>;
  stopping(): boolean;
  log: RunnerLogger;
}

interface HeldRun {
  id: string;
  token: string;
  functionId: string;
  eventId: string | null;
  event: JobEventPayload;
  fn: RegisteredFunction;
}

/** Writes that must commit together with the run's new state. */
interface Effects {
  children: { id: string; functionId: string; event: JobEventPayload }[];
  waits: { stepId: string; eventName: string; ifExpr: string | null; expiresAt: Date; createdAt: Date }[];
  resolvedWaits: string[];
}

type Outcome = { kind: "continue" } | { kind: "completed"; output: unknown } | { kind: "failed"; error: SerializedError };

const CONTINUE: Outcome = { kind: "continue" };
const INVOKED_EVENT = "inngest/function.invoked";
const FAILED_EVENT = "inngest/function.failed";

function noEffects(): Effects {
  return { children: [], waits: [], resolvedWaits: [] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function failedWith(message: string): Extract<Outcome, { kind: "failed" }> {
  return { kind: "failed", error: { name: "NonRetriableError", message } };
}

function asJson(value: unknown): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}

/**
 * Works on a claimed run until it finishes or has to wait: memoizes what has become available
 * (sleeps, matching events, invoked runs), runs due steps one request at a time, asks the function
 * what it does next, and stores the state after every request so a crash loses at most one step.
 * Step semantics are the SDK's; this only carries results between requests, as an Inngest server does.
 */
export async function driveRun(ctx: DriveContext, runId: string, token: string): Promise<void> {
  const row = await ctx.db.jobRun.findUnique({ where: { id: runId } });
  if (!row || row.lockedBy !== token) return;
  const state: RunState = {
    steps: (row.steps ?? {}) as Record<string, StepResult>,
    stack: (row.stack ?? []) as string[],
    stepAttempts: (row.stepAttempts ?? {}) as Record<string, number>,
    pending: (row.pending ?? []) as PendingItem[],
    attempt: row.attempt,
  };
  if (state.pending.length === 0) requestDiscovery(state);
  const event = row.event as unknown as JobEventPayload;
  const fn = ctx.functions.get(row.functionId);
  if (!fn) {
    await finish(ctx, { id: runId, token, functionId: row.functionId, eventId: row.eventId, event, fn: undefined }, state, failedWith(`Function "${row.functionId}" is not registered with this runner`));
    return;
  }
  const run: HeldRun = { id: runId, token, functionId: row.functionId, eventId: row.eventId, event, fn };

  // A long step must not let the lease lapse, or a second runner would start the same run.
  const renewal = setInterval(() => {
    renewLease(ctx.db, runId, token, ctx.clock(), ctx.leaseMs).catch((err: unknown) => ctx.log.warn(`[jobs] renewing lease on run ${runId} failed`, err));
  }, Math.max(1000, Math.floor(ctx.leaseMs / 3)));
  renewal.unref();
  try {
    for (;;) {
      if (ctx.stopping()) {
        // Shutting down: hand the run back, due now, for the next runner.
        await releaseRun(ctx.db, runId, token, ctx.clock(), ctx.clock());
        return;
      }
      const now = ctx.clock();
      const effects = noEffects();
      let outcome = CONTINUE;
      if (!(await resolveAvailable(ctx, run, state, now, effects))) {
        const step = state.pending.find((p): p is Extract<PendingItem, { kind: "step" }> => p.kind === "step" && new Date(p.at) <= now);
        const discovery = state.pending.find((p) => p.kind === "discover" && (!p.at || new Date(p.at) <= now));
        if (step) outcome = await runStep(ctx, run, state, step, effects);
        else if (discovery) outcome = await discover(ctx, run, state, effects);
        else {
          await releaseRun(ctx.db, runId, token, nextWake(state), now);
          return;
        }
      }
      if (outcome.kind !== "continue") {
        await finish(ctx, run, state, outcome);
        return;
      }
      await persist(ctx, run, state, effects);
    }
  } catch (err) {
    if (err instanceof LeaseLostError) {
      ctx.log.warn(`[jobs] ${err.message}; another runner has it`);
      return;
    }
    throw err;
  } finally {
    clearInterval(renewal);
  }
}

function nextWake(state: RunState): Date {
  const times = state.pending.map(dueAt).filter((t): t is string => t !== null).map((t) => new Date(t).getTime());
  return times.length ? new Date(Math.min(...times)) : HELD_RUN_AT;
}

/** Memoizes sleeps that are over, waits that matched or timed out, and invoked runs that ended. */
async function resolveAvailable(ctx: DriveContext, run: HeldRun, state: RunState, now: Date, effects: Effects): Promise<boolean> {
  let progressed = false;
  for (const item of [...state.pending]) {
    if (item.kind === "sleep") {
      if (new Date(item.until) <= now) {
        memoize(state, item.id, { data: null });
        progressed = true;
      }
    } else if (item.kind === "wait") {
      const match = await findMatchingEvent(ctx.db, item, run.event, run.eventId, now);
      if (match || new Date(item.until) <= now) {
        memoize(state, item.id, { data: match });
        effects.resolvedWaits.push(item.id);
        progressed = true;
      }
    } else if (item.kind === "invoke") {
      const child = await ctx.db.jobRun.findUnique({ where: { id: item.childRunId }, select: { status: true, output: true, error: true } });
      if (child?.status === "completed") {
        memoize(state, item.id, { data: child.output ?? null });
      } else if (!child || child.status === "failed" || child.status === "cancelled") {
        memoize(state, item.id, { error: child?.error ?? { name: "Error", message: "The invoked run no longer exists" } });
      } else if (item.until && new Date(item.until) <= now) {
        memoize(state, item.id, { error: { name: "InngestInvokeTimeoutError", message: "Timed out waiting for invoked function to complete" } });
      } else {
        continue;
      }
      progressed = true;
    }
  }
  return progressed;
}

function retryAfterMs(headers: Headers, now: Date): number | null {
  const raw = headers.get("retry-after");
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** Counts a failed attempt of one step: schedules the next attempt, or memoizes the error when none are left. */
function retryStep(ctx: DriveContext, run: HeldRun, state: RunState, id: string, nextAttempt: number, error: unknown, delayMs: number | null): void {
  if (nextAttempt >= run.fn.maxAttempts) {
    memoize(state, id, { error: toSerializedError(error) });
    return;
  }
  state.stepAttempts[id] = nextAttempt;
  state.pending = state.pending.filter((p) => p.kind === "discover" || p.id !== id);
  const at = new Date(ctx.clock().getTime() + (delayMs ?? ctx.backoff(nextAttempt)));
  state.pending.push({ kind: "step", id, at: at.toISOString() });
}

function callFor(run: HeldRun, state: RunState, stepId: string, attempt: number, disableImmediateExecution: boolean): FunctionCall {
  return {
    runId: run.id,
    functionId: run.functionId,
    stepId,
    event: run.event,
    state,
    attempt,
    maxAttempts: run.fn.maxAttempts,
    disableImmediateExecution,
  };
}

async function runStep(ctx: DriveContext, run: HeldRun, state: RunState, item: Extract<PendingItem, { kind: "step" }>, effects: Effects): Promise<Outcome> {
  const attempt = state.stepAttempts[item.id] ?? 0;
  const res = await ctx.call(callFor(run, state, item.id, attempt, true));
  if (res.status === 200) return { kind: "completed", output: res.body };
  if (res.status === 400) return { kind: "failed", error: toSerializedError(res.body) };
  if (res.status === 206 && Array.isArray(res.body)) {
    const outcome = applyOps(ctx, run, state, res, attempt, effects);
    if (outcome.kind !== "continue") return outcome;
  }
  // The step neither finished nor was rescheduled (step not found, a broken response): that counts as a
  // failed attempt too, or the runner would ask for it forever.
  if (!(item.id in state.steps) && state.pending.some((p) => p === item)) {
    retryStep(ctx, run, state, item.id, attempt + 1, res.body, retryAfterMs(res.headers, ctx.clock()));
  }
  return CONTINUE;
}

async function discover(ctx: DriveContext, run: HeldRun, state: RunState, effects: Effects): Promise<Outcome> {
  state.pending = state.pending.filter((p) => p.kind !== "discover");
  const attempt = state.attempt;
  // With steps still outstanding, the SDK must report new steps instead of running one on the spot;
  // otherwise it could run a step that is waiting out its backoff.
  const outstandingSteps = state.pending.some((p) => p.kind === "step");
  const res = await ctx.call(callFor(run, state, "step", attempt, outstandingSteps));
  if (res.status === 200) return { kind: "completed", output: res.body };
  if (res.status === 206 && Array.isArray(res.body) && res.body.length > 0) return applyOps(ctx, run, state, res, attempt, effects);
  if (res.status === 400) return { kind: "failed", error: toSerializedError(res.body) };
  // A function-level error (500) or anything unexpected: retry the whole request with backoff.
  const next = attempt + 1;
  if (next >= run.fn.maxAttempts) return { kind: "failed", error: toSerializedError(res.body) };
  state.attempt = next;
  const delay = retryAfterMs(res.headers, ctx.clock()) ?? ctx.backoff(next);
  requestDiscovery(state, new Date(ctx.clock().getTime() + delay));
  return CONTINUE;
}

/** Applies the ops of a 206 answer, as SDK_SPEC §5 describes them. */
function applyOps(ctx: DriveContext, run: HeldRun, state: RunState, res: FunctionResponse, callAttempt: number, effects: Effects): Outcome {
  const now = ctx.clock();
  for (const op of res.body as unknown[]) {
    if (!isRecord(op) || typeof op.op !== "string" || typeof op.id !== "string") return failedWith(`Malformed op from the SDK: ${JSON.stringify(op)}`);
    const id = op.id;
    const known = id in state.steps || isPendingFor(state, id);
    const label = typeof op.displayName === "string" ? op.displayName : id;
    const opts = isRecord(op.opts) ? op.opts : {};
    switch (op.op) {
      case "StepRun":
        memoize(state, id, { data: op.data ?? null });
        break;
      case "StepFailed":
        memoize(state, id, { error: toSerializedError(op.error) });
        break;
      case "StepError":
        retryStep(ctx, run, state, id, callAttempt + 1, op.error, retryAfterMs(res.headers, now));
        break;
      case "StepPlanned":
        if (!known) state.pending.push({ kind: "step", id, at: now.toISOString() });
        break;
      case "Sleep": {
        if (known) break;
        let until: Date;
        try {
          until = resolveInngestTime(typeof op.name === "string" ? op.name : "", now);
        } catch (err) {
          return failedWith(`Step "${label}": ${err instanceof Error ? err.message : String(err)}`);
        }
        state.pending.push({ kind: "sleep", id, until: until.toISOString() });
        break;
      }
      case "WaitForEvent": {
        if (known) break;
        const eventName = typeof op.name === "string" ? op.name : "";
        const ifExpr = typeof opts.if === "string" && opts.if.trim() ? opts.if : null;
        let until: Date;
        try {
          if (ifExpr) compileCel(ifExpr, `Step "${label}"`);
          until = resolveInngestTime(typeof opts.timeout === "string" ? opts.timeout : "", now);
        } catch (err) {
          return failedWith(err instanceof Error ? err.message : String(err));
        }
        state.pending.push({ kind: "wait", id, event: eventName, if: ifExpr, since: now.toISOString(), until: until.toISOString() });
        effects.waits.push({ stepId: id, eventName, ifExpr, expiresAt: until, createdAt: now });
        break;
      }
      case "InvokeFunction": {
        if (known) break;
        const functionId = typeof opts.function_id === "string" ? opts.function_id : "";
        if (!ctx.functions.has(functionId)) {
          memoize(state, id, { error: { name: "Error", message: `Function "${functionId}" is not registered with the embedded job runner` } });
          break;
        }
        const payload = isRecord(opts.payload) ? opts.payload : {};
        const childId = randomUUID();
        effects.children.push({
          id: childId,
          functionId,
          event: { id: randomUUID(), name: INVOKED_EVENT, data: isRecord(payload.data) ? payload.data : {}, ts: now.getTime() },
        });
        let until: string | null = null;
        if (typeof opts.timeout === "string" && opts.timeout) until = resolveInngestTime(opts.timeout, now).toISOString();
        state.pending.push({ kind: "invoke", id, childRunId: childId, until });
        break;
      }
      default:
        // step.fetch, step.ai.infer, waitForSignal, defer(): they need Inngest server features.
        return failedWith(`Step "${label}" uses ${op.op}, which the embedded job runner does not support`);
    }
  }
  return CONTINUE;
}

function stateData(state: RunState) {
  return {
    steps: asJson(state.steps),
    stack: asJson(state.stack),
    stepAttempts: asJson(state.stepAttempts),
    pending: asJson(state.pending),
    attempt: state.attempt,
  };
}

async function inTransaction<T>(db: PrismaClient, work: (tx: Tx) => Promise<T>): Promise<T> {
  // PGlite has one connection, so transactions queue; give them room to wait their turn.
  return db.$transaction(work, { maxWait: 30_000, timeout: 30_000 });
}

async function persist(ctx: DriveContext, run: HeldRun, state: RunState, effects: Effects): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock();
    const { count } = await tx.jobRun.updateMany({
      where: { id: run.id, lockedBy: run.token },
      data: { ...stateData(state), lockedUntil: new Date(now.getTime() + ctx.leaseMs) },
    });
    if (count !== 1) throw new LeaseLostError(run.id);
    if (effects.children.length) {
      await tx.jobRun.createMany({
        data: effects.children.map((c) => ({
          id: c.id,
          functionId: c.functionId,
          event: asJson(c.event),
          status: "queued" as const,
          pending: asJson([{ kind: "discover" }]),
          runAt: now,
          createdAt: now,
        })),
      });
    }
    if (effects.waits.length) {
      await tx.jobWait.createMany({ data: effects.waits.map((w) => ({ runId: run.id, ...w })) });
    }
    if (effects.resolvedWaits.length) {
      await tx.jobWait.deleteMany({ where: { runId: run.id, stepId: { in: effects.resolvedWaits } } });
    }
  });
}

async function finish(ctx: DriveContext, run: Omit<HeldRun, "fn"> & { fn: RegisteredFunction | undefined }, state: RunState, outcome: Exclude<Outcome, { kind: "continue" }>): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock();
    const { count } = await tx.jobRun.updateMany({
      where: { id: run.id, lockedBy: run.token },
      data: {
        ...stateData({ ...state, pending: [] }),
        status: outcome.kind,
        output: outcome.kind === "completed" ? asJson(outcome.output ?? null) : undefined,
        error: outcome.kind === "failed" ? asJson(outcome.error) : undefined,
        finishedAt: now,
        lockedBy: null,
        lockedUntil: null,
        runAt: now,
      },
    });
    if (count !== 1) throw new LeaseLostError(run.id);
    await tx.jobWait.deleteMany({ where: { runId: run.id } });
    // Failure handlers (onFailure, or functions on inngest/function.failed) run from this event; a failing
    // failure handler does not emit another, so they cannot loop.
    if (outcome.kind === "failed" && run.event.name !== FAILED_EVENT) {
      await ingestEvents(
        tx,
        [...ctx.functions.values()],
        [{ name: FAILED_EVENT, data: { function_id: run.functionId, run_id: run.id, error: outcome.error, event: run.event } }],
        now,
      );
    }
    await wakeInvokers(tx, run.id, now);
  });
  if (outcome.kind === "failed") ctx.log.warn(`[jobs] run ${run.id} of ${run.functionId} failed: ${outcome.error.message}`);
}

/** Nudges the run that invoked this one, if any, so it collects the result. */
async function wakeInvokers(tx: Tx, childRunId: string, now: Date): Promise<void> {
  const marker = JSON.stringify([{ kind: "invoke", childRunId }]);
  await tx.$executeRaw`
    UPDATE "JobRun" SET "runAt" = ${now.toISOString()}::timestamp
    WHERE status IN ('queued', 'running') AND "runAt" > ${now.toISOString()}::timestamp AND pending @> ${marker}::jsonb`;
}
