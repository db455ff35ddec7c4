import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { queueTestWebhook } from "@/lib/webhooks/queue-test-webhook";
import { WEBHOOK_SWEEP_EVENT } from "@/lib/webhooks/request-webhook-sweep";
import { verifyWebhookSignature } from "@/lib/webhooks/sign-webhook";
import { webhookReseller } from "@/lib/webhooks/testing/webhook-test-kit";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/webhooks/testing/webhook-receiver";
import { inngest } from "../client";
import { EmbeddedRunner } from "../embedded/embedded-runner";
import { manualClock, recordingLogger } from "../embedded/test-support";
import { functions } from "../functions";
import { sweepWebhookDeliveries } from "./sweep-webhook-deliveries";

let t: TestDb;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await createTestDb();
  receiver = await startWebhookReceiver();
  // The function uses the process's policy: the test-only allow list lets it reach the loopback receiver.
  vi.stubEnv("RACKFRONT_WEBHOOK_TEST_ALLOW", "127.0.0.1");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await receiver?.close();
  await t?.close();
});

it("is registered, sweeps every minute and at once when asked", async () => {
  expect(functions).toContain(sweepWebhookDeliveries);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const r = await webhookReseller(t.db, { url: receiver.url });
  const clock = manualClock(new Date(Date.now() - 60_000).toISOString());
  const runner = new EmbeddedRunner({ db: t.db, functions: [sweepWebhookDeliveries], client: inngest, clock: clock.now, logger: recordingLogger() });

  // On the minute.
  const { deliveryId } = await queueTestWebhook({ db: t.db, now: new Date(Date.now() - 120_000), actor: { resellerId: r.resellerId } });
  clock.advance(60_000);
  await runner.tick();
  expect(receiver.received.map((w) => w.headers["x-webhook-id"])).toEqual([deliveryId]);
  expect(verifyWebhookSignature(r.secret, receiver.received[0]!.body, receiver.received[0]!.headers["x-webhook-signature"] as string)).toBe(true);
  const run = await t.db.jobRun.findFirstOrThrow({ where: { functionId: "rackfront-sweep-webhook-deliveries" } });
  expect(run).toMatchObject({ status: "completed", output: { delivered: 1, attempted: 1 } });

  // On request, without waiting for the minute.
  const second = await queueTestWebhook({ db: t.db, now: new Date(), actor: { resellerId: r.resellerId } });
  await runner.send({ name: WEBHOOK_SWEEP_EVENT, data: {} });
  await runner.runDue();
  expect(receiver.received.map((w) => w.headers["x-webhook-id"])).toEqual([deliveryId, second.deliveryId]);

  // The test-only variable is announced once, at first use.
  expect(warn.mock.calls.filter(([m]) => String(m).includes("RACKFRONT_WEBHOOK_TEST_ALLOW"))).toHaveLength(1);
  warn.mockRestore();
});
