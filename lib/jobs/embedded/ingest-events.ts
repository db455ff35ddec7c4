import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import { celMatches, compileCel } from "./compile-cel";
import { EventRejectedError } from "./event-rejected-error";
import type { JobEventPayload } from "./job-event";
import { idempotencyKeyFor, triggersOn, type RegisteredFunction } from "./registered-function";
import { nudgeRuns } from "./nudge-runs";

/** Inngest keeps event ids and function idempotency keys for 24 hours. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** An event as `inngest.send()` posts it. */
export interface IncomingEvent {
  name: string;
  data?: Record<string, unknown>;
  /** The sender's idempotency id: a second event with the same id within 24h is dropped. */
  id?: string;
  ts?: number;
  v?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks the shape of events posted by a client; names under `inngest/` are Inngest's own and refused. */
export function parseIncomingEvents(payload: unknown): IncomingEvent[] {
  const list = Array.isArray(payload) ? payload : [payload];
  return list.map((raw, i) => {
    if (!isRecord(raw) || typeof raw.name !== "string" || raw.name.trim() === "") {
      throw new EventRejectedError(`Event ${i} has no name`);
    }
    if (raw.name.startsWith("inngest/")) throw new EventRejectedError(`Event name "${raw.name}" is reserved for Inngest`);
    if (raw.data != null && !isRecord(raw.data)) throw new EventRejectedError(`Event "${raw.name}" has data that is not an object`);
    return {
      name: raw.name,
      data: (raw.data as Record<string, unknown> | undefined) ?? {},
      id: typeof raw.id === "string" && raw.id !== "" ? raw.id : undefined,
      ts: typeof raw.ts === "number" && Number.isFinite(raw.ts) ? raw.ts : undefined,
      v: typeof raw.v === "string" ? raw.v : undefined,
    };
  });
}

export interface IngestResult {
  ids: string[];
  runsCreated: number;
}

/**
 * Stores events and, in the same transaction, the runs they trigger, and wakes runs whose
 * `step.waitForEvent` they may satisfy (the run itself picks the matching event; see resolve-waits).
 */
export async function ingestEvents(
  tx: Tx,
  functions: readonly RegisteredFunction[],
  events: readonly IncomingEvent[],
  now: Date,
): Promise<IngestResult> {
  const ids: string[] = [];
  let runsCreated = 0;
  const staleBefore = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  for (const incoming of events) {
    const id = randomUUID();
    if (incoming.id) {
      await tx.jobEvent.updateMany({
        where: { idempotencyId: incoming.id, createdAt: { lt: staleBefore } },
        data: { idempotencyId: null },
      });
    }
    const payload: JobEventPayload = {
      id,
      name: incoming.name,
      data: incoming.data ?? {},
      ts: incoming.ts ?? now.getTime(),
      ...(incoming.v ? { v: incoming.v } : {}),
    };
    const stored = await tx.jobEvent.createMany({
      data: [
        {
          id,
          name: payload.name,
          data: payload.data as Prisma.InputJsonObject,
          ts: BigInt(payload.ts),
          idempotencyId: incoming.id ?? null,
          createdAt: now,
        },
      ],
      skipDuplicates: true,
    });
    if (stored.count === 0) {
      // Same idempotency id seen within the window: acknowledge with the first event's id, trigger nothing.
      const first = await tx.jobEvent.findUnique({ where: { idempotencyId: incoming.id }, select: { id: true } });
      ids.push(first?.id ?? id);
      continue;
    }
    ids.push(id);
    runsCreated += await createTriggeredRuns(tx, functions, payload, now, staleBefore);
    await wakeWaiters(tx, payload, now);
  }
  return { ids, runsCreated };
}

async function createTriggeredRuns(
  tx: Tx,
  functions: readonly RegisteredFunction[],
  event: JobEventPayload,
  now: Date,
  staleBefore: Date,
): Promise<number> {
  let created = 0;
  for (const fn of functions) {
    if (!triggersOn(fn, event)) continue;
    created += await createRun(tx, fn, event, now, staleBefore);
  }
  return created;
}

/** Queues one run of `fn` for `event`; 0 when the function's idempotency key already has a run. */
export async function createRun(
  tx: Tx,
  fn: RegisteredFunction,
  event: JobEventPayload,
  now: Date,
  staleBefore: Date = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS),
): Promise<number> {
  const idempotencyKey = idempotencyKeyFor(fn, event);
  if (idempotencyKey) {
    await tx.jobRun.updateMany({
      where: { idempotencyKey, createdAt: { lt: staleBefore } },
      data: { idempotencyKey: null },
    });
  }
  const result = await tx.jobRun.createMany({
    data: [
      {
        functionId: fn.id,
        eventId: event.id,
        event: event as unknown as Prisma.InputJsonObject,
        status: "queued",
        pending: [{ kind: "discover" }],
        runAt: now,
        idempotencyKey,
        createdAt: now,
      },
    ],
    skipDuplicates: true,
  });
  return result.count;
}

async function wakeWaiters(tx: Tx, event: JobEventPayload, now: Date): Promise<void> {
  const waits = await tx.jobWait.findMany({
    where: { eventName: event.name, expiresAt: { gt: now } },
    select: { runId: true, ifExpr: true, run: { select: { event: true } } },
  });
  const runIds = new Set<string>();
  for (const wait of waits) {
    if (wait.ifExpr) {
      let condition;
      try {
        condition = compileCel(wait.ifExpr, "waitForEvent");
      } catch {
        continue;
      }
      if (!celMatches(condition, { event: wait.run.event, async: event })) continue;
    }
    runIds.add(wait.runId);
  }
  await nudgeRuns(tx, [...runIds], now);
}
