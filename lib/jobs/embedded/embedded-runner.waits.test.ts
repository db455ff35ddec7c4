import { NonRetriableError } from "inngest";
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

const client = embeddedTestClient();
const clock = manualClock();
let log: string[] = [];

const approval = client.createFunction({ id: "approval", triggers: [{ event: "test/order.created" }] }, async ({ event, step }) => {
  await step.run("notify", () => log.push(`notify:${String(event.data.orderId)}`));
  const approved = await step.waitForEvent("approved", { event: "test/order.approved", timeout: "1h", match: "data.orderId" });
  return approved ? { approvedBy: approved.data.by } : null;
});

const double = client.createFunction({ id: "double", triggers: [{ event: "test/never" }] }, async ({ event }) => {
  log.push("double");
  return { doubled: (event.data.n as number) * 2, invokedBy: event.name };
});

const broken = client.createFunction({ id: "broken", triggers: [{ event: "test/never" }] }, async () => {
  throw new NonRetriableError("child refused");
});

const slow = client.createFunction({ id: "slow", triggers: [{ event: "test/never" }] }, async ({ step }) => {
  await step.sleep("linger", "1h");
  return "late";
});

const caller = client.createFunction({ id: "caller", triggers: [{ event: "test/call" }] }, async ({ event, step }) => {
  const target = event.data.target as string;
  try {
    if (target === "double") return await step.invoke("call-double", { function: double, data: { n: 21 } });
    if (target === "broken") return await step.invoke("call-broken", { function: broken, data: {} });
    return await step.invoke("call-slow", { function: slow, data: {}, timeout: "10m" });
  } catch (err) {
    return { caught: err instanceof Error ? err.message : String(err) };
  }
});

function newRunner() {
  return new EmbeddedRunner({ db: t.db, functions: [approval, double, broken, slow, caller], client, clock: clock.now, logger: recordingLogger() });
}

beforeEach(async () => {
  await clearJobTables(t.db);
  log = [];
  clock.set("2026-03-02T10:00:00.000Z");
});

describe("step.waitForEvent", () => {
  it("resumes with the first matching event received after the wait began", async () => {
    const r = newRunner();
    await r.send({ name: "test/order.created", data: { orderId: "o1" } });
    // Sent before the run reached its wait: Inngest does not count it, nor do we.
    await r.send({ name: "test/order.approved", data: { orderId: "o1", by: "too-early" } });
    clock.advance(1000);
    await r.runDue();
    expect(await t.db.jobWait.count()).toBe(1);
    expect((await runOf(t.db, "rackfront-approval")).status).toBe("queued");

    clock.advance(1000);
    await r.send({ name: "test/order.approved", data: { orderId: "o2", by: "someone-else" } });
    await r.runDue();
    expect((await runOf(t.db, "rackfront-approval")).status).toBe("queued");

    clock.advance(1000);
    await r.send({ name: "test/order.approved", data: { orderId: "o1", by: "alice" } });
    // No clock change needed: the matching event made the run due.
    await r.runDue();
    const run = await runOf(t.db, "rackfront-approval");
    expect(run).toMatchObject({ status: "completed", output: { approvedBy: "alice" } });
    expect(await t.db.jobWait.count()).toBe(0);
    expect(log).toEqual(["notify:o1"]);
  });

  it("resumes with null when the timeout passes", async () => {
    const r = newRunner();
    await r.send({ name: "test/order.created", data: { orderId: "o9" } });
    await r.runDue();
    clock.advance(59 * 60 * 1000);
    await r.runDue();
    expect((await runOf(t.db, "rackfront-approval")).status).toBe("queued");
    clock.advance(60 * 1000);
    await r.runDue();
    expect(await runOf(t.db, "rackfront-approval")).toMatchObject({ status: "completed", output: null });
    expect(await t.db.jobWait.count()).toBe(0);
  });
});

describe("step.invoke", () => {
  it("runs the invoked function and returns its result", async () => {
    const r = newRunner();
    await r.send({ name: "test/call", data: { target: "double" } });
    await r.runDue();
    expect(await runOf(t.db, "rackfront-caller")).toMatchObject({
      status: "completed",
      output: { doubled: 42, invokedBy: "inngest/function.invoked" },
    });
    expect(await runOf(t.db, "rackfront-double")).toMatchObject({ status: "completed" });
    expect(log).toEqual(["double"]);
  });

  it("throws the invoked function's error in the caller", async () => {
    const r = newRunner();
    await r.send({ name: "test/call", data: { target: "broken" } });
    await r.runDue();
    expect(await runOf(t.db, "rackfront-caller")).toMatchObject({ status: "completed", output: { caught: "child refused" } });
    expect(await runOf(t.db, "rackfront-broken")).toMatchObject({ status: "failed" });
  });

  it("gives up on an invoked run after the invoke timeout", async () => {
    const r = newRunner();
    await r.send({ name: "test/call", data: { target: "slow" } });
    await r.runDue();
    clock.advance(10 * 60 * 1000);
    await r.runDue();
    expect(await runOf(t.db, "rackfront-caller")).toMatchObject({
      status: "completed",
      output: { caught: "Timed out waiting for invoked function to complete" },
    });
    expect((await runOf(t.db, "rackfront-slow")).status).toBe("queued");
  });
});
