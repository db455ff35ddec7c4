import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { inngest } from "../client";
import { jobsBridge } from "./bridge";
import { startEmbeddedRunner } from "./start-embedded-runner";
import { recordingLogger } from "./test-support";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("startEmbeddedRunner", () => {
  it("runs the app's functions in-process and makes inngest.send() reach the runner until stopped", async () => {
    const started = await startEmbeddedRunner({ db: t.db, logger: recordingLogger() });
    try {
      expect(jobsBridge().installed).toBeDefined();
      await inngest.send({ name: "app/smoke.test", data: { ok: true } });
      expect(await t.db.jobEvent.count({ where: { name: "app/smoke.test" } })).toBe(1);
    } finally {
      await started.stop();
    }
    expect(jobsBridge().installed).toBeUndefined();
    await started.stop(); // a second stop (SIGTERM after SIGINT) is harmless
  });

  it("does nothing when an Inngest server is configured", async () => {
    vi.stubEnv("INNGEST_EVENT_KEY", "test-key");
    const started = await startEmbeddedRunner({ db: t.db });
    expect(jobsBridge().installed).toBeUndefined();
    await expect(started.stop()).resolves.toBeUndefined();
  });
});
