import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { EmbeddedRunner } from "./embedded-runner";
import { resolveInngestTime } from "./parse-inngest-time";
import { embeddedTestClient, manualClock, recordingLogger } from "./test-support";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const client = embeddedTestClient();
const noop = async () => null;
const trigger = { triggers: [{ event: "test/x" }] };

function runnerWith(fn: ReturnType<typeof client.createFunction>) {
  return new EmbeddedRunner({ db: t.db, functions: [fn], client, clock: manualClock().now, logger: recordingLogger() });
}

describe("start-up checks", () => {
  it.each([
    ["concurrency", { concurrency: 1 }],
    ["throttle", { throttle: { limit: 1, period: "1m" } }],
    ["rateLimit", { rateLimit: { limit: 1, period: "1m" } }],
    ["debounce", { debounce: { period: "1m" } }],
    ["batchEvents", { batchEvents: { maxSize: 10, timeout: "5s" } }],
    ["priority", { priority: { run: "event.data.p" } }],
    ["timeouts", { timeouts: { finish: "1m" } }],
    ["singleton", { singleton: { mode: "skip" as const } }],
    ["cancelOn", { cancelOn: [{ event: "test/cancel", match: "data.id" }] }],
  ] as [string, object][])("refuse a function that uses %s", async (option, extra) => {
    const options = { id: `uses-${option}`, ...trigger, ...extra } as Parameters<typeof client.createFunction>[0];
    const fn = client.createFunction(options, noop);
    const runner = runnerWith(fn);
    await expect(runner.start()).rejects.toThrow(new RegExp(`Function "rackfront-uses-${option}" uses ${option}, which the embedded job runner does not implement`));
    await runner.stop();
  });

  it("refuse a trigger expression that is not CEL", async () => {
    const fn = client.createFunction({ id: "bad-if", triggers: [{ event: "test/x", if: "event.data.total >" }] }, noop);
    await expect(runnerWith(fn).register()).rejects.toThrow(/Function "rackfront-bad-if", trigger "test\/x": the CEL expression/);
  });

  it("refuse a cron that is not a five-field schedule, or names an unknown zone", async () => {
    const seconds = client.createFunction({ id: "seconds", triggers: [{ cron: "*/5 * * * * *" }] }, noop);
    await expect(runnerWith(seconds).register()).rejects.toThrow(/cron "\*\/5 \* \* \* \* \*" is not a valid minute-resolution schedule/);
    const zone = client.createFunction({ id: "zone", triggers: [{ cron: "TZ=Mars/Olympus 0 9 * * *" }] }, noop);
    await expect(runnerWith(zone).register()).rejects.toThrow(/not a valid minute-resolution schedule/);
  });

  it("accept retries, idempotency, onFailure and expressions", async () => {
    const fn = client.createFunction(
      { id: "fine", retries: 7, idempotency: "event.data.id", triggers: [{ event: "test/x", if: "event.data.n > 1" }, { cron: "TZ=Asia/Kolkata 30 2 * * 1-5" }], onFailure: noop },
      noop,
    );
    await expect(runnerWith(fn).register()).resolves.toBeUndefined();
  });

  it("refuse a client that talks to an Inngest server", async () => {
    const { createInngestClient } = await import("../create-inngest-client");
    const external = createInngestClient({ INNGEST_DEV: "1" });
    const fn = external.createFunction({ id: "ext", ...trigger }, noop);
    expect(() => new EmbeddedRunner({ db: t.db, functions: [fn], client: external, clock: () => new Date() })).toThrow(/embedded-mode Inngest client/);
  });
});

describe("resolveInngestTime", () => {
  const now = new Date("2026-03-02T10:00:00.000Z");
  it("adds the SDK's duration strings to now", () => {
    expect(resolveInngestTime("1h30m10s", now).toISOString()).toBe("2026-03-02T11:30:10.000Z");
    expect(resolveInngestTime("1w2d", now).toISOString()).toBe("2026-03-11T10:00:00.000Z");
    expect(resolveInngestTime("", now)).toEqual(now);
  });
  it("reads sleepUntil's ISO dates as they are", () => {
    expect(resolveInngestTime("2030-01-01T00:00:00.000Z", now).toISOString()).toBe("2030-01-01T00:00:00.000Z");
  });
  it("refuses anything else", () => {
    expect(() => resolveInngestTime("soon", now)).toThrow(/Unrecognised/);
  });
});
