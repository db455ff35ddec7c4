import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeReseller } from "@/lib/testing/factories";
import { inngest } from "../client";
import { EmbeddedRunner } from "../embedded/embedded-runner";
import { manualClock, recordingLogger } from "../embedded/test-support";
import { functions } from "../functions";
import { pruneWebhookDeliveries } from "./prune-webhook-deliveries";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;

it("is registered, runs daily at 03:41 and deletes finished deliveries and attempts older than 30 days", async () => {
  expect(functions).toContain(pruneWebhookDeliveries);
  const now = new Date("2026-03-20T03:41:07.000Z");
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const { profile } = await makeReseller(t.db);
  const delivery = (name: string, data: { status: "pending" | "paused" | "delivered" | "failed"; deliveredAt?: Date; failedAt?: Date; createdAt: Date }) =>
    t.db.webhookDelivery.create({ data: { resellerId: profile.id, event: name, data: {}, nextAttemptAt: data.createdAt, ...data } });
  const oldDelivered = await delivery("old.delivered", { status: "delivered", createdAt: ago(40), deliveredAt: ago(31) });
  await delivery("old.failed", { status: "failed", createdAt: ago(45), failedAt: ago(30.5) });
  await delivery("recent.delivered", { status: "delivered", createdAt: ago(40), deliveredAt: ago(29) });
  await delivery("recent.failed", { status: "failed", createdAt: ago(31), failedAt: ago(2) });
  // Waiting deliveries stay however old they are (a reseller suspended for months keeps its backlog).
  await delivery("old.paused", { status: "paused", createdAt: ago(90) });
  // Re-queued after a month: the old round's attempt goes, the new one stays.
  const requeued = await delivery("requeued.pending", { status: "pending", createdAt: ago(60) });
  const attempt = (deliveryId: string, attemptedAt: Date) =>
    t.db.webhookAttempt.create({
      data: { deliveryId, attemptedAt, completedAt: attemptedAt, url: "https://hooks.example.com/", requestHeaders: [], requestBody: "{}", statusCode: 500 },
    });
  await attempt(oldDelivered.id, ago(31));
  await attempt(requeued.id, ago(59));
  const fresh = await attempt(requeued.id, ago(1));

  const clock = manualClock("2026-03-20T03:40:30.000Z");
  const runner = new EmbeddedRunner({ db: t.db, functions: [pruneWebhookDeliveries], client: inngest, clock: clock.now, logger: recordingLogger() });
  await runner.tick();
  expect(await t.db.jobRun.count({ where: { functionId: "rackfront-prune-webhook-deliveries" } })).toBe(0);

  clock.set(now);
  await runner.tick();
  const run = await t.db.jobRun.findFirstOrThrow({ where: { functionId: "rackfront-prune-webhook-deliveries" } });
  expect(run).toMatchObject({ status: "completed", output: { deliveries: 2, attempts: 1 } });
  expect((await t.db.webhookDelivery.findMany({ orderBy: { event: "asc" } })).map((d) => d.event)).toEqual([
    "old.paused",
    "recent.delivered",
    "recent.failed",
    "requeued.pending",
  ]);
  expect((await t.db.webhookAttempt.findMany()).map((a) => a.id)).toEqual([fresh.id]);
});
