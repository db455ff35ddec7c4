import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { inngest } from "../client";
import { EmbeddedRunner } from "../embedded/embedded-runner";
import { manualClock, recordingLogger } from "../embedded/test-support";
import { pruneJobHistory } from "./prune-job-history";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

it("runs hourly at :17 and removes job history past its retention, keeping recent and unfinished work", async () => {
  const now = new Date("2026-03-20T05:17:05.000Z");
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const run = (status: "completed" | "failed" | "queued", finishedDaysAgo: number | null, label: string) => ({
    functionId: "rackfront-sample",
    event: { name: "sample", data: { label } },
    status,
    finishedAt: finishedDaysAgo === null ? null : ago(finishedDaysAgo),
    createdAt: ago(finishedDaysAgo ?? 60),
  });
  await t.db.jobRun.createMany({
    data: [
      run("completed", 8, "old-completed"),
      run("completed", 6, "recent-completed"),
      run("failed", 31, "old-failed"),
      run("failed", 8, "recent-failed"),
      run("queued", null, "unfinished"),
    ],
  });
  await t.db.jobEvent.createMany({
    data: [
      { name: "sample", data: { label: "old" }, ts: BigInt(ago(8).getTime()), createdAt: ago(8) },
      { name: "sample", data: { label: "recent" }, ts: BigInt(ago(1).getTime()), createdAt: ago(1) },
    ],
  });
  await t.db.jobCronTick.createMany({
    data: [
      { functionId: "rackfront-sample", cron: "* * * * *", minute: ago(3) },
      { functionId: "rackfront-sample", cron: "* * * * *", minute: ago(1) },
    ],
  });

  const clock = manualClock("2026-03-20T05:16:30.000Z");
  const runner = new EmbeddedRunner({ db: t.db, functions: [pruneJobHistory], client: inngest, clock: clock.now, logger: recordingLogger() });
  await runner.tick();
  expect(await t.db.jobRun.count({ where: { functionId: "rackfront-prune-job-history" } })).toBe(0);

  clock.set(now);
  await runner.tick();
  const pruning = await t.db.jobRun.findFirstOrThrow({ where: { functionId: "rackfront-prune-job-history" } });
  expect(pruning).toMatchObject({ status: "completed", output: { runs: 2, events: 1, cronTicks: 1 } });

  const left = await t.db.jobRun.findMany({ where: { functionId: "rackfront-sample" } });
  expect(left.map((r) => (r.event as { data: { label: string } }).data.label).sort()).toEqual(["recent-completed", "recent-failed", "unfinished"]);
  expect((await t.db.jobEvent.findMany({ where: { name: "sample" } })).map((e) => (e.data as { label: string }).label)).toEqual(["recent"]);
  expect(await t.db.jobCronTick.count({ where: { functionId: "rackfront-sample" } })).toBe(1);
});
