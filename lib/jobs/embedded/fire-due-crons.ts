import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createRun } from "./ingest-events";
import type { JobEventPayload } from "./job-event";
import type { CronTrigger, RegisteredFunction } from "./registered-function";

const MINUTE = 60_000;
/** Inngest does not backfill missed schedules; after a long gap only the latest minute fires. */
const MAX_CATCH_UP_MS = 60 * MINUTE;

/** Where each schedule was last checked up to, per runner instance. */
export type CronCursors = Map<string, Date>;

function floorToMinute(d: Date): Date {
  return new Date(Math.floor(d.getTime() / MINUTE) * MINUTE);
}

/**
 * Starts a run for every schedule minute that has come since the last check. Each (function, cron,
 * minute) is claimed by inserting its JobCronTick row, so two runners, or one restarted mid-minute,
 * start it once between them.
 */
export async function fireDueCrons(db: PrismaClient, functions: readonly RegisteredFunction[], cursors: CronCursors, now: Date): Promise<number> {
  let fired = 0;
  for (const fn of functions) {
    for (const trigger of fn.cronTriggers) {
      const key = `${fn.id}\u0000${trigger.expression}`;
      let cursor = cursors.get(key);
      // Starting (or after a long pause): look from just before this minute, so it fires if it is due.
      if (!cursor || now.getTime() - cursor.getTime() > MAX_CATCH_UP_MS) cursor = new Date(floorToMinute(now).getTime() - 1);
      for (;;) {
        const next = trigger.schedule.nextRun(cursor);
        if (!next || next > now) break;
        if (await fireOnce(db, fn, trigger, next, now)) fired++;
        cursor = next;
      }
      cursors.set(key, cursor);
    }
  }
  return fired;
}

async function fireOnce(db: PrismaClient, fn: RegisteredFunction, trigger: CronTrigger, minute: Date, now: Date): Promise<boolean> {
  return db.$transaction(
    async (tx) => {
      const claimed = await tx.jobCronTick.createMany({
        data: [{ functionId: fn.id, cron: trigger.expression, minute }],
        skipDuplicates: true,
      });
      if (claimed.count === 0) return false;
      const event: JobEventPayload = {
        id: randomUUID(),
        name: "inngest/scheduled.timer",
        data: { cron: trigger.expression },
        ts: minute.getTime(),
      };
      await tx.jobEvent.create({
        data: { id: event.id, name: event.name, data: event.data as { cron: string }, ts: BigInt(event.ts), createdAt: now },
      });
      await createRun(tx, fn, event, now);
      return true;
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
}
