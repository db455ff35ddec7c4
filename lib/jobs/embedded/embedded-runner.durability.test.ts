import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/adapter-factory";
import { createPrismaClient } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { EmbeddedRunner } from "./embedded-runner";
import { clearJobTables, embeddedTestClient, manualClock, recordingLogger, runOf } from "./test-support";

const client = embeddedTestClient();
const clock = manualClock();
let log: string[] = [];

/** A promise a test resolves by hand, to hold a step mid-flight. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let entered!: () => void;
  const reached = new Promise<void>((resolve) => (entered = resolve));
  return { open, opened, entered, reached };
}
let hold: ReturnType<typeof gate> | null = null;

const napper = client.createFunction({ id: "napper", triggers: [{ event: "test/nap" }] }, async ({ step }) => {
  await step.run("before", () => log.push("before"));
  await step.sleep("nap", "1h");
  await step.run("after", () => log.push("after"));
  return "rested";
});

const holder = client.createFunction({ id: "holder", triggers: [{ event: "test/hold" }] }, async ({ step }) => {
  await step.run("first", () => log.push("first"));
  const second = await step.run("second", async () => {
    log.push("second");
    const h = hold;
    if (h) {
      // Only the first attempt hangs; whoever runs the step after that gets through.
      hold = null;
      h.entered();
      await h.opened;
      return "from the held attempt";
    }
    return "from a later attempt";
  });
  return second;
});

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeEach(() => {
  log = [];
  hold = null;
  clock.set("2026-03-02T10:00:00.000Z");
});

describe("a sleeping run across a restart", () => {
  it("finishes on a new runner and database handle without repeating steps", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rf-jobs-restart-"));
    try {
      const dataDir = path.join(dir, "pglite");
      let opened = await openDatabase({ kind: "pglite", dataDir });
      await migrate(opened.adapterFactory);
      let db = createPrismaClient(opened);
      const first = new EmbeddedRunner({ db, functions: [napper], client, clock: clock.now, logger: recordingLogger() });
      await first.send({ name: "test/nap" });
      await first.runDue();
      expect(log).toEqual(["before"]);
      await first.stop();
      await db.$disconnect();
      await opened.close();

      opened = await openDatabase({ kind: "pglite", dataDir });
      db = createPrismaClient(opened);
      try {
        const second = new EmbeddedRunner({ db, functions: [napper], client, clock: clock.now, logger: recordingLogger() });
        await second.runDue();
        expect((await runOf(db, "rackfront-napper")).status).toBe("queued");
        clock.advance(60 * 60 * 1000);
        await second.runDue();
        expect(await runOf(db, "rackfront-napper")).toMatchObject({ status: "completed", output: "rested" });
        expect(log).toEqual(["before", "after"]);
      } finally {
        await db.$disconnect();
        await opened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("leases", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await clearJobTables(t.db);
  });

  it("keep a second runner off a run that is being worked on, and let it resume the run once the holder stops renewing", async () => {
    hold = gate();
    const held = hold;
    const aLog = recordingLogger();
    const a = new EmbeddedRunner({ db: t.db, functions: [holder], client, clock: clock.now, leaseMs: 30_000, workerId: "a", logger: aLog });
    const b = new EmbeddedRunner({ db: t.db, functions: [holder], client, clock: clock.now, leaseMs: 30_000, workerId: "b", logger: recordingLogger() });
    await a.send({ name: "test/hold" });
    const aWork = a.runDue();
    await held.reached;

    // A holds the run: B finds nothing to do.
    expect(await b.runDue()).toBe(0);
    expect(log).toEqual(["first", "second"]);

    // A "crashes" (stops renewing); once its lease is over, B resumes from the memoized steps.
    clock.advance(31_000);
    expect(await b.runDue()).toBe(1);
    expect(log).toEqual(["first", "second", "second"]);
    expect(await runOf(t.db, "rackfront-holder")).toMatchObject({ status: "completed", output: "from a later attempt" });

    // A comes back to life: its late result must not overwrite B's work.
    held.open();
    await aWork;
    expect(await runOf(t.db, "rackfront-holder")).toMatchObject({ status: "completed", output: "from a later attempt" });
    expect(aLog.lines.join("\n")).toMatch(/Lost the lease/);
  });

  it("stop() waits for the step in flight, stores its result and hands the run back", async () => {
    hold = gate();
    const held = hold;
    const runner = new EmbeddedRunner({ db: t.db, functions: [holder], client, clock: clock.now, pollIntervalMs: 10, logger: recordingLogger() });
    runner.install();
    try {
      await runner.start();
      await client.send({ name: "test/hold" });
      await held.reached; // the poll loop picked the run up by itself

      let stopped = false;
      const stopping = runner.stop().then(() => (stopped = true));
      await new Promise((r) => setTimeout(r, 100));
      expect(stopped).toBe(false);
      held.open();
      await stopping;
    } finally {
      runner.uninstall();
    }
    const run = await runOf(t.db, "rackfront-holder");
    expect(run).toMatchObject({ status: "queued", lockedBy: null });
    expect(run.stack as string[]).toHaveLength(2);

    const next = new EmbeddedRunner({ db: t.db, functions: [holder], client, clock: clock.now, logger: recordingLogger() });
    await next.runDue();
    expect(await runOf(t.db, "rackfront-holder")).toMatchObject({ status: "completed", output: "from the held attempt" });
    expect(log).toEqual(["first", "second"]);
  });

  it("picks up work by itself once started", async () => {
    const runner = new EmbeddedRunner({ db: t.db, functions: [holder], client, clock: clock.now, pollIntervalMs: 10, logger: recordingLogger() });
    await runner.start();
    try {
      await runner.send({ name: "test/hold" });
      await until(async () => (await t.db.jobRun.count({ where: { status: "completed" } })) === 1, "the run to complete");
    } finally {
      await runner.stop();
    }
    expect(log).toEqual(["first", "second"]);
  });
});

describe("two runners on one database", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.close();
  });

  it("run each run's steps exactly once between them", async () => {
    const seen = new Map<string, number>();
    const counted = client.createFunction({ id: "counted", triggers: [{ event: "test/counted" }] }, async ({ event, step, runId }) => {
      await step.run("work", async () => {
        seen.set(runId, (seen.get(runId) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
      });
      await step.run("more-work", () => (event.data.i as number) * 2);
      return event.data.i;
    });
    const make = (workerId: string) =>
      new EmbeddedRunner({ db: t.db, functions: [counted], client, clock: clock.now, workerId, workers: 3, logger: recordingLogger() });
    const a = make("a");
    const b = make("b");
    await a.send(Array.from({ length: 24 }, (_, i) => ({ name: "test/counted", data: { i } })));
    const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);

    expect(await t.db.jobRun.count({ where: { functionId: "rackfront-counted", status: "completed" } })).toBe(24);
    expect(seen.size).toBe(24);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    // Every run was taken up by one runner or the other (real contention on PostgreSQL; PGlite serialises).
    expect(byA + byB).toBeGreaterThanOrEqual(24);
  });
});
