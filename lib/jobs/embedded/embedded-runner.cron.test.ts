import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { EmbeddedRunner } from "./embedded-runner";
import { clearJobTables, embeddedTestClient, manualClock, recordingLogger } from "./test-support";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const client = embeddedTestClient();
const clock = manualClock();

const everyMinute = client.createFunction({ id: "every-minute", triggers: [{ cron: "* * * * *" }] }, async ({ event }) => ({
  name: event.name,
  scheduledFor: new Date(event.ts as number).toISOString(),
}));

const parisMorning = client.createFunction({ id: "paris-morning", triggers: [{ cron: "TZ=Europe/Paris 0 9 * * *" }] }, async () => "bonjour");

function newRunner() {
  return new EmbeddedRunner({ db: t.db, functions: [everyMinute, parisMorning], client, clock: clock.now, logger: recordingLogger() });
}

async function scheduledMinutes(functionId: string): Promise<string[]> {
  const runs = await t.db.jobRun.findMany({ where: { functionId }, orderBy: { createdAt: "asc" } });
  return runs.map((r) => new Date((r.event as { ts: number }).ts).toISOString());
}

beforeEach(async () => {
  await clearJobTables(t.db);
});

describe("cron triggers", () => {
  it("start one run per scheduled minute, catching up on minutes missed between ticks", async () => {
    clock.set("2026-03-02T10:00:30.000Z");
    const r = newRunner();
    expect(await r.fireDueCrons()).toBe(1);
    expect(await r.fireDueCrons()).toBe(0);
    clock.set("2026-03-02T10:01:05.000Z");
    expect(await r.fireDueCrons()).toBe(1);
    clock.set("2026-03-02T10:04:10.000Z");
    expect(await r.fireDueCrons()).toBe(3);
    expect(await scheduledMinutes("rackfront-every-minute")).toEqual([
      "2026-03-02T10:00:00.000Z",
      "2026-03-02T10:01:00.000Z",
      "2026-03-02T10:02:00.000Z",
      "2026-03-02T10:03:00.000Z",
      "2026-03-02T10:04:00.000Z",
    ]);
  });

  it("fire a minute once across two runners and across a restart", async () => {
    clock.set("2026-03-02T11:00:00.000Z");
    const a = newRunner();
    const b = newRunner();
    const fired = await Promise.all([a.fireDueCrons(), b.fireDueCrons()]);
    expect(fired[0] + fired[1]).toBe(1);

    const restarted = newRunner();
    clock.set("2026-03-02T11:00:59.000Z");
    expect(await restarted.fireDueCrons()).toBe(0);
    clock.set("2026-03-02T11:01:00.000Z");
    expect(await Promise.all([restarted.fireDueCrons(), a.fireDueCrons()])).toEqual(expect.arrayContaining([0, 1]));
    expect(await scheduledMinutes("rackfront-every-minute")).toEqual(["2026-03-02T11:00:00.000Z", "2026-03-02T11:01:00.000Z"]);
  });

  it("do not backfill after a gap of hours", async () => {
    clock.set("2026-03-02T12:00:00.000Z");
    const r = newRunner();
    await r.fireDueCrons();
    clock.set("2026-03-02T15:30:20.000Z");
    expect(await r.fireDueCrons()).toBe(1);
    expect((await scheduledMinutes("rackfront-every-minute")).at(-1)).toBe("2026-03-02T15:30:00.000Z");
  });

  it("read a TZ= prefix as the schedule's time zone", async () => {
    clock.set("2026-03-02T07:59:30.000Z"); // 08:59 in Paris (UTC+1 in March before the switch)
    const r = newRunner();
    await r.fireDueCrons();
    expect(await scheduledMinutes("rackfront-paris-morning")).toEqual([]);
    clock.set("2026-03-02T08:00:10.000Z");
    await r.fireDueCrons();
    expect(await scheduledMinutes("rackfront-paris-morning")).toEqual(["2026-03-02T08:00:00.000Z"]);
  });

  it("run the function with Inngest's scheduled.timer event on tick()", async () => {
    clock.set("2026-03-02T13:00:10.000Z");
    await newRunner().tick();
    const run = await t.db.jobRun.findFirstOrThrow({ where: { functionId: "rackfront-every-minute" } });
    expect(run).toMatchObject({
      status: "completed",
      output: { name: "inngest/scheduled.timer", scheduledFor: "2026-03-02T13:00:00.000Z" },
    });
  });
});
