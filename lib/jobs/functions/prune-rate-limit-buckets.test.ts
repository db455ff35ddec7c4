import { afterAll, beforeAll, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { inngest } from "../client";
import { EmbeddedRunner } from "../embedded/embedded-runner";
import { manualClock, recordingLogger } from "../embedded/test-support";
import { functions } from "../functions";
import { pruneRateLimitBuckets } from "./prune-rate-limit-buckets";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;

it("is registered and runs hourly at :23, deleting counters no window reaches and expired cool-down uses", async () => {
  expect(functions).toContain(pruneRateLimitBuckets);
  const now = new Date("2026-03-20T05:23:04.000Z");
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
  await t.db.rateLimitBucket.createMany({
    data: [
      { subject: "reseller:old", bucketStart: ago(121), hits: 3 },
      { subject: "customer-key:old", bucketStart: ago(180), hits: 7 },
      { subject: "reseller:recent", bucketStart: ago(61), hits: 2 },
      { subject: "customer-key:current", bucketStart: ago(50), hits: 9 },
    ],
  });
  const userId = randomUUID();
  await t.db.actionCooldownUse.createMany({
    data: [
      { bucket: "reinstall", userId, resourceId: "a", usedAt: ago(6), expiresAt: ago(1) },
      { bucket: "orders", userId, resourceId: "", usedAt: ago(10), expiresAt: ago(-5) },
    ],
  });

  const clock = manualClock("2026-03-20T05:22:30.000Z");
  const runner = new EmbeddedRunner({ db: t.db, functions: [pruneRateLimitBuckets], client: inngest, clock: clock.now, logger: recordingLogger() });
  await runner.tick();
  expect(await t.db.jobRun.count({ where: { functionId: "rackfront-prune-rate-limit-buckets" } })).toBe(0);

  clock.set(now);
  await runner.tick();
  const run = await t.db.jobRun.findFirstOrThrow({ where: { functionId: "rackfront-prune-rate-limit-buckets" } });
  expect(run).toMatchObject({ status: "completed", output: { buckets: 2, cooldownUses: 1 } });
  expect((await t.db.rateLimitBucket.findMany({ orderBy: { subject: "asc" } })).map((b) => b.subject)).toEqual([
    "customer-key:current",
    "reseller:recent",
  ]);
  expect((await t.db.actionCooldownUse.findMany()).map((u) => u.bucket)).toEqual(["orders"]);
});

it("also deletes spent reseller v2 signatures whose timestamp has left the skew window (docs/decisions.md#r16)", async () => {
  const now = new Date("2026-03-20T06:23:04.000Z");
  const resellerId = randomUUID();
  const keyId = randomUUID();
  await t.db.resellerSignatureUse.createMany({
    data: [
      { resellerId, keyId, signature: "1".repeat(64), usedAt: new Date(now.getTime() - 10 * MINUTE), expiresAt: new Date(now.getTime() - 5 * MINUTE) },
      { resellerId, keyId, signature: "2".repeat(64), usedAt: new Date(now.getTime() - MINUTE), expiresAt: new Date(now.getTime() + 4 * MINUTE) },
    ],
  });
  const clock = manualClock(now.toISOString());
  const runner = new EmbeddedRunner({ db: t.db, functions: [pruneRateLimitBuckets], client: inngest, clock: clock.now, logger: recordingLogger() });
  await runner.tick();
  const runs = await t.db.jobRun.findMany({ where: { functionId: "rackfront-prune-rate-limit-buckets" } });
  expect(runs.map((r) => r.status)).toEqual(["completed", "completed"]);
  expect(runs.map((r) => r.output)).toContainEqual(expect.objectContaining({ signatureUses: 1 }));
  expect((await t.db.resellerSignatureUse.findMany({ where: { resellerId } })).map((u) => u.signature)).toEqual(["2".repeat(64)]);
});
