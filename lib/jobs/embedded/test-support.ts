import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createInngestClient } from "../create-inngest-client";

/** A clock tests move by hand. */
export function manualClock(start = "2026-03-02T10:00:00.000Z") {
  let now = new Date(start);
  return {
    now: () => new Date(now),
    set(at: string | Date) {
      now = new Date(at);
    },
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

/** An embedded-mode client for test functions, whatever INNGEST_* the test process has. */
export function embeddedTestClient() {
  return createInngestClient({});
}

export async function clearJobTables(db: PrismaClient): Promise<void> {
  await db.$executeRawUnsafe(`TRUNCATE "JobWait", "JobRun", "JobEvent", "JobCronTick"`);
}

/** The one run of a function (fails the test if there are several). */
export async function runOf(db: PrismaClient, functionId: string) {
  const runs = await db.jobRun.findMany({ where: { functionId }, orderBy: { createdAt: "asc" } });
  if (runs.length !== 1) throw new Error(`expected one run of ${functionId}, found ${runs.length}`);
  return runs[0];
}

/** A logger that keeps what the runner says, for assertions and quiet test output. */
export function recordingLogger() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => {
    lines.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(" "));
  };
  return { lines, info: keep, warn: keep, error: keep };
}
