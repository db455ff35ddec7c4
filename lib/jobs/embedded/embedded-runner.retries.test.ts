import { NonRetriableError, RetryAfterError } from "inngest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { defaultBackoff } from "./default-backoff";
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
let log: string[] = [];
let failuresLeft = 0;

const flakyStep = client.createFunction({ id: "flaky-step", retries: 3, triggers: [{ event: "test/flaky-step" }] }, async ({ step, attempt }) => {
  await step.run("before", () => log.push("before"));
  const value = await step.run("flaky", () => {
    log.push(`flaky@${attempt}`);
    if (failuresLeft-- > 0) throw new Error("transient");
    return "done";
  });
  return value;
});

const doomed = client.createFunction(
  {
    id: "doomed",
    retries: 1,
    triggers: [{ event: "test/doomed" }],
    onFailure: async ({ error, event, step }) => {
      await step.run("note", () => log.push(`onFailure:${error.message}:${String(event.data.function_id)}`));
    },
  },
  async ({ step }) => {
    await step.run("always-fails", () => {
      log.push("always-fails");
      throw new Error("disk on fire");
    });
  },
);

const flakyFunction = client.createFunction({ id: "flaky-function", retries: 2, triggers: [{ event: "test/flaky-function" }] }, async ({ step, attempt }) => {
  await step.run("first", () => log.push("first"));
  log.push(`body@${attempt}`);
  if (failuresLeft-- > 0) throw new Error("outside any step");
  return "recovered";
});

const refusing = client.createFunction({ id: "refusing", retries: 5, triggers: [{ event: "test/refusing" }] }, async ({ step }) => {
  await step.run("refuse", () => {
    log.push("refuse");
    throw new NonRetriableError("bad input");
  });
});

const throttled = client.createFunction({ id: "throttled", retries: 2, triggers: [{ event: "test/throttled" }] }, async ({ step }) => {
  await step.run("call-api", () => {
    log.push("call-api");
    if (failuresLeft-- > 0) throw new RetryAfterError("rate limited", 30_000);
    return "ok";
  });
});

const clock = manualClock();

const parallelFlaky = client.createFunction({ id: "parallel-flaky", retries: 2, triggers: [{ event: "test/parallel-flaky" }] }, async ({ step, attempt }) => {
  const [steady, shaky] = await Promise.all([
    step.run("steady", () => {
      log.push("steady");
      return "S";
    }),
    step.run("shaky", () => {
      log.push(`shaky@${attempt}`);
      if (failuresLeft-- > 0) throw new Error("transient");
      return "K";
    }),
  ]);
  return steady + shaky;
});

function newRunner() {
  return new EmbeddedRunner({
    db: t.db,
    functions: [flakyStep, doomed, flakyFunction, refusing, throttled, parallelFlaky],
    client,
    clock: clock.now,
    backoff: (attempt) => attempt * 1000,
    logger: recordingLogger(),
  });
}

beforeEach(async () => {
  await clearJobTables(t.db);
  log = [];
  clock.set("2026-03-02T10:00:00.000Z");
});

describe("retries", () => {
  it("retries a failing step after the backoff, without re-running memoized steps", async () => {
    failuresLeft = 2;
    const r = newRunner();
    await r.send({ name: "test/flaky-step" });
    await r.runDue();
    expect(log).toEqual(["before", "flaky@0"]);

    await r.runDue();
    clock.advance(999);
    await r.runDue();
    expect(log).toEqual(["before", "flaky@0"]); // backoff(1) = 1s not over yet

    clock.advance(1);
    await r.runDue();
    expect(log).toEqual(["before", "flaky@0", "flaky@1"]);

    clock.advance(1999);
    await r.runDue();
    expect(log).toHaveLength(3); // backoff(2) = 2s
    clock.advance(1);
    await r.runDue();

    expect(log).toEqual(["before", "flaky@0", "flaky@1", "flaky@2"]);
    expect(await runOf(t.db, "rackfront-flaky-step")).toMatchObject({ status: "completed", output: "done" });
  });

  it("keeps a failed parallel step in its backoff while its sibling completes", async () => {
    failuresLeft = 1;
    const r = newRunner();
    await r.send({ name: "test/parallel-flaky" });
    await r.runDue();
    // Asking the function what is next after "steady" must not run "shaky" again early.
    expect(log.sort()).toEqual(["shaky@0", "steady"]);
    clock.advance(1000);
    await r.runDue();
    expect(log.filter((l) => l.startsWith("shaky"))).toEqual(["shaky@0", "shaky@1"]);
    expect(log.filter((l) => l === "steady")).toHaveLength(1);
    expect(await runOf(t.db, "rackfront-parallel-flaky")).toMatchObject({ status: "completed", output: "SK" });
  });

  it("fails the run when a step runs out of retries, and runs its onFailure handler", async () => {
    const r = newRunner();
    await r.send({ name: "test/doomed" });
    await r.runDue();
    clock.advance(1000);
    await r.runDue();

    expect(log.filter((l) => l === "always-fails")).toHaveLength(2); // retries: 1
    const run = await runOf(t.db, "rackfront-doomed");
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ message: "disk on fire" });

    const failed = await t.db.jobEvent.findFirstOrThrow({ where: { name: "inngest/function.failed" } });
    expect(failed.data).toMatchObject({ function_id: "rackfront-doomed", run_id: run.id, error: { message: "disk on fire" } });
    expect(await runOf(t.db, "rackfront-doomed-failure")).toMatchObject({ status: "completed" });
    expect(log).toContain("onFailure:disk on fire:rackfront-doomed");
  });

  it("retries the function when it throws outside a step, keeping completed steps", async () => {
    failuresLeft = 2;
    const r = newRunner();
    await r.send({ name: "test/flaky-function" });
    await r.runDue();
    // The first request runs the step; the next one gets past it and throws.
    expect(log).toEqual(["first", "body@0"]);

    clock.advance(1000);
    await r.runDue();
    clock.advance(2000);
    await r.runDue();

    expect(log.filter((l) => l === "first")).toHaveLength(1);
    expect(log.filter((l) => l.startsWith("body@"))).toEqual(["body@0", "body@1", "body@2"]);
    expect(await runOf(t.db, "rackfront-flaky-function")).toMatchObject({ status: "completed", output: "recovered" });
  });

  it("does not retry a NonRetriableError", async () => {
    const r = newRunner();
    await r.send({ name: "test/refusing" });
    await r.runDue();
    clock.advance(3_600_000);
    await r.runDue();
    expect(log).toEqual(["refuse"]);
    expect(await runOf(t.db, "rackfront-refusing")).toMatchObject({ status: "failed", error: { message: "bad input" } });
  });

  it("waits as long as a RetryAfterError asks rather than the backoff", async () => {
    failuresLeft = 1;
    const r = newRunner();
    await r.send({ name: "test/throttled" });
    await r.runDue();
    clock.advance(29_999);
    await r.runDue();
    expect(log).toEqual(["call-api"]);
    clock.advance(1);
    await r.runDue();
    expect(log).toEqual(["call-api", "call-api"]);
    expect(await runOf(t.db, "rackfront-throttled")).toMatchObject({ status: "completed" });
  });
});

describe("defaultBackoff", () => {
  it("follows Inngest's table and stays at two hours after it", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 50].map(defaultBackoff)).toEqual([
      15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_200_000, 2_400_000, 3_600_000, 7_200_000, 7_200_000, 7_200_000,
    ]);
  });
});
