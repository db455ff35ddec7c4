import type { PrismaClient } from "@/lib/generated/prisma/client";
import { celMatches, compileCel } from "./compile-cel";
import type { JobEventPayload } from "./job-event";
import type { PendingItem } from "./run-state";

const PAGE = 200;

/**
 * The first event, received since the wait began, that satisfies a `step.waitForEvent`: its name and
 * its `if` (CEL with `event` = the run's trigger and `async` = the candidate). Looking the event up
 * here, rather than having ingestion write into the run, keeps the run's state with whoever holds it.
 */
export async function findMatchingEvent(
  db: PrismaClient,
  wait: Extract<PendingItem, { kind: "wait" }>,
  runEvent: JobEventPayload,
  runEventId: string | null,
  now: Date,
): Promise<JobEventPayload | null> {
  const condition = wait.if ? compileCel(wait.if, "waitForEvent") : null;
  let cursor: string | undefined;
  for (;;) {
    const rows = await db.jobEvent.findMany({
      where: {
        name: wait.event,
        createdAt: { gte: new Date(wait.since), lte: now },
        // The run's own trigger is not an answer to its wait, even when it has the same name and time.
        ...(runEventId ? { id: { not: runEventId } } : {}),
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: PAGE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    for (const row of rows) {
      const candidate: JobEventPayload = {
        id: row.id,
        name: row.name,
        data: row.data as Record<string, unknown>,
        ts: Number(row.ts),
      };
      if (!condition || celMatches(condition, { event: runEvent, async: candidate })) return candidate;
    }
    if (rows.length < PAGE) return null;
    cursor = rows[rows.length - 1].id;
  }
}
