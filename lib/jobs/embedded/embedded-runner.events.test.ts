import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { EmbeddedRunner } from "./embedded-runner";
import { clearJobTables, embeddedTestClient, manualClock, recordingLogger, runOf } from "./test-support";

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

const client = embeddedTestClient();
const counts = new Map<string, number>();
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

const orderPlaced = client.createFunction(
  { id: "order-placed", triggers: [{ event: "shop/order.placed", if: "event.data.total > 100" }] },
  async ({ event, step }) => {
    const checked = await step.run("check", () => {
      count("check");
      return { ok: true, total: event.data.total as number };
    });
    const [left, right] = await Promise.all([
      step.run("left", () => {
        count("left");
        return "L";
      }),
      step.run("right", () => {
        count("right");
        return "R";
      }),
    ]);
    await step.sendEvent("announce", { name: "shop/order.announced", data: { total: checked.total } });
    return { checked, left, right };
  },
);

const announced = client.createFunction({ id: "announced", triggers: [{ event: "shop/order.announced" }] }, async ({ event }) => {
  count("announced");
  return { heard: event.data.total as number };
});

const anyShopEvent = client.createFunction({ id: "any-shop-event", triggers: [{ event: "shop/customer.*" }] }, async () => "seen");

const perCustomer = client.createFunction(
  { id: "per-customer", triggers: [{ event: "shop/customer.seen" }], idempotency: "event.data.customerId" },
  async () => "ok",
);

function newRunner(clock = manualClock()) {
  return new EmbeddedRunner({
    db: t.db,
    functions: [orderPlaced, announced, perCustomer, anyShopEvent],
    client,
    clock: clock.now,
    logger: recordingLogger(),
  });
}

describe("sending events", () => {
  it("persists the event and the runs it triggers before inngest.send() resolves", async () => {
    const runner = newRunner();
    runner.install();
    try {
      const { ids } = await client.send({ name: "shop/order.placed", data: { total: 250 } });
      // No tick has happened: what is there was written by send() itself.
      const events = await t.db.jobEvent.findMany();
      expect(events.map((e) => e.id)).toEqual(ids);
      expect(events[0]).toMatchObject({ name: "shop/order.placed", data: { total: 250 } });
      const run = await runOf(t.db, "rackfront-order-placed");
      expect(run).toMatchObject({ status: "queued", eventId: ids[0] });
    } finally {
      runner.uninstall();
    }
  });

  it("fails inngest.send() when no runner is installed instead of dropping the event", async () => {
    await expect(client.send({ name: "shop/order.placed", data: { total: 250 } })).rejects.toThrow(/not running/);
    expect(await t.db.jobEvent.count()).toBe(0);
  }, 20_000);

  it("starts only functions whose trigger expression matches", async () => {
    const runner = newRunner();
    await runner.send([
      { name: "shop/order.placed", data: { total: 50 } },
      { name: "shop/order.placed", data: { total: 150 } },
      { name: "shop/order.placed", data: {} },
    ]);
    const runs = await t.db.jobRun.findMany({ where: { functionId: "rackfront-order-placed" } });
    expect(runs.map((r) => (r.event as { data: { total: number } }).data.total)).toEqual([150]);
  });

  it("matches a trailing * in a trigger as a prefix", async () => {
    const runner = newRunner();
    await runner.send([{ name: "shop/customer.seen", data: { customerId: "c9" } }, { name: "shop/order.placed", data: { total: 1 } }]);
    const runs = await t.db.jobRun.findMany({ where: { functionId: "rackfront-any-shop-event" } });
    expect(runs.map((r) => (r.event as { name: string }).name)).toEqual(["shop/customer.seen"]);
  });

  it("refuses events without a name and events named like Inngest's own", async () => {
    const runner = newRunner();
    await expect(runner.send({ name: "" })).rejects.toThrow(/no name/);
    await expect(runner.send({ name: "inngest/function.failed", data: {} })).rejects.toThrow(/reserved/);
    expect(await t.db.jobEvent.count()).toBe(0);
  });

  it("drops a second event with the same id within 24 hours, and accepts it again after", async () => {
    const clock = manualClock();
    const runner = newRunner(clock);
    const first = await runner.send({ id: "order-7", name: "shop/order.placed", data: { total: 500 } });
    const second = await runner.send({ id: "order-7", name: "shop/order.placed", data: { total: 500 } });
    expect(second.ids).toEqual(first.ids);
    expect(await t.db.jobRun.count()).toBe(1);
    clock.advance(25 * 60 * 60 * 1000);
    const third = await runner.send({ id: "order-7", name: "shop/order.placed", data: { total: 500 } });
    expect(third.ids).not.toEqual(first.ids);
    expect(await t.db.jobRun.count()).toBe(2);
  });

  it("starts one run per idempotency key value", async () => {
    const runner = newRunner();
    await runner.send([
      { name: "shop/customer.seen", data: { customerId: "c1" } },
      { name: "shop/customer.seen", data: { customerId: "c1" } },
      { name: "shop/customer.seen", data: { customerId: "c2" } },
    ]);
    const runs = await t.db.jobRun.findMany({ where: { functionId: "rackfront-per-customer" } });
    expect(runs.map((r) => r.idempotencyKey).sort()).toEqual(["rackfront-per-customer:c1", "rackfront-per-customer:c2"]);
  });
});

describe("running", () => {
  it("runs steps once each, in parallel groups, and step.sendEvent triggers the next function", async () => {
    counts.clear();
    const runner = newRunner();
    await runner.send({ name: "shop/order.placed", data: { total: 300 } });
    await runner.runDue();

    const run = await runOf(t.db, "rackfront-order-placed");
    expect(run.status).toBe("completed");
    expect(run.output).toEqual({ checked: { ok: true, total: 300 }, left: "L", right: "R" });
    expect(Object.fromEntries(counts)).toEqual({ check: 1, left: 1, right: 1, announced: 1 });
    // Four memoized steps: check, left, right, announce.
    expect(run.stack as string[]).toHaveLength(4);

    const follow = await runOf(t.db, "rackfront-announced");
    expect(follow).toMatchObject({ status: "completed", output: { heard: 300 } });
    expect(await t.db.jobEvent.count({ where: { name: "shop/order.announced" } })).toBe(1);
  });

  it("does nothing more when asked again after a run completed", async () => {
    counts.clear();
    const runner = newRunner();
    await runner.send({ name: "shop/order.placed", data: { total: 300 } });
    await runner.runDue();
    expect(await runner.runDue()).toBe(0);
    expect(counts.get("check")).toBe(1);
  });
});
