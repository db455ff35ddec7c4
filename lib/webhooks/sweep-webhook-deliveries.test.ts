import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { manualClock } from "@/lib/jobs/embedded/test-support";
import { openDatabase } from "@/lib/db/adapter-factory";
import { createPrismaClient } from "@/lib/db/client";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { createAddressPolicy } from "./address-policy";
import { orderEventData, serviceEventData } from "./events";
import { queueTestWebhook } from "./queue-test-webhook";
import { recordResellerEvent } from "./record-reseller-event";
import { verifyWebhookSignature, WEBHOOK_USER_AGENT } from "./sign-webhook";
import { NO_URL_ERROR, sweepWebhookDeliveries, type WebhookSweepOptions } from "./sweep-webhook-deliveries";
import { loopbackPolicy, noDns, webhookReseller } from "./testing/webhook-test-kit";
import { startWebhookReceiver, type WebhookReceiver } from "./testing/webhook-receiver";
import { getWebhookDelivery, listWebhookDeliveries, requeueWebhookDelivery, resendWebhookDelivery } from "./webhook-deliveries";

let t: TestDb;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await createTestDb();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.setHandler((_req, res) => res.end("ok"));
  await t.db.webhookDelivery.deleteMany();
  await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1 }, update: { webhookMaxAttempts: 20 } });
});

async function openSecondClient(url: string) {
  const opened = await openDatabase({ kind: "postgres", url });
  const db = createPrismaClient(opened);
  return {
    db,
    close: async () => {
      await db.$disconnect();
      await opened.close();
    },
  };
}

const service = (id: string, status: string) =>
  serviceEventData({ serviceId: id, orderId: null, externalOrderId: "ext-1", externalCustomerId: null, status, serverIp: null, hostname: "web-1.example.com" });

async function raise(resellerId: string, type: "service.suspended" | "service.unsuspended" | "service.terminated", id: string, now: Date) {
  return t.db.$transaction((tx) => recordResellerEvent(tx, { resellerId, type, data: service(id, type.split(".")[1]!) }, { now }));
}

/** The reseller's webhook context, acting now (or at `now`). */
const as = (resellerId: string, now = new Date()) => ({ db: t.db, now, actor: { resellerId } });

const sweep = (clock: ReturnType<typeof manualClock>, extra: Partial<WebhookSweepOptions> = {}) =>
  sweepWebhookDeliveries({ db: t.db, clock: clock.now, policy: loopbackPolicy, resolve: noDns, timeoutMs: 2_000, ...extra });

describe("raising events", () => {
  it("drops events raised while no URL is on file, and queues them once one is set", async () => {
    const r = await webhookReseller(t.db);
    const now = new Date("2026-03-02T10:00:00.000Z");
    const dropped = await raise(r.resellerId, "service.suspended", "svc-1", now);
    expect(dropped.deliveryId).toBeNull();
    const outbox = await t.db.outboxEvent.findUniqueOrThrow({ where: { id: dropped.outboxEventId } });
    expect(outbox).toMatchObject({ type: "service.suspended", resellerId: r.resellerId, dispatchedAt: now });
    expect(await t.db.webhookDelivery.count({ where: { resellerId: r.resellerId } })).toBe(0);

    await t.db.resellerProfile.update({ where: { id: r.resellerId }, data: { webhookUrl: receiver.url } });
    const queued = await raise(r.resellerId, "service.unsuspended", "svc-1", now);
    expect(await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: queued.deliveryId! } })).toMatchObject({
      event: "service.unsuspended",
      status: "pending",
      outboxEventId: queued.outboxEventId,
      nextAttemptAt: now,
    });
  });

  it("relays outbox rows other code wrote itself, once, dropping those of resellers without a URL", async () => {
    const withUrl = await webhookReseller(t.db, { url: receiver.url });
    const without = await webhookReseller(t.db);
    const data = orderEventData({ orderId: "o-1", orderNumber: "ORD-1", externalOrderId: null, externalCustomerId: null, status: "paid", paymentMode: "credit", amount: "10.50" });
    const a = await t.db.outboxEvent.create({ data: { type: "order.paid", resellerId: withUrl.resellerId, payload: { ...data } } });
    const b = await t.db.outboxEvent.create({ data: { type: "order.paid", resellerId: without.resellerId, payload: { ...data } } });
    const other = await t.db.outboxEvent.create({ data: { type: "account.something", resellerId: withUrl.resellerId, payload: {} } });
    const clock = manualClock();
    const report = await sweep(clock);
    expect(report).toMatchObject({ relayed: 2, queued: 1, dropped: 1, delivered: 1 });
    expect(await t.db.outboxEvent.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ dispatchedAt: null });
    expect((await t.db.outboxEvent.findUniqueOrThrow({ where: { id: b.id } })).dispatchedAt).not.toBeNull();
    const delivery = await t.db.webhookDelivery.findUniqueOrThrow({ where: { outboxEventId: a.id } });
    expect(delivery).toMatchObject({ status: "delivered", event: "order.paid", data: { orderId: "o-1", amount: 10.5 } });
    // A second relay of the same row (as after a crash between insert and mark) queues nothing more.
    await t.db.outboxEvent.update({ where: { id: a.id }, data: { dispatchedAt: null } });
    expect(await sweep(clock)).toMatchObject({ relayed: 1, queued: 0 });
    expect(await t.db.webhookDelivery.count({ where: { outboxEventId: a.id } })).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });
});

describe("sending", () => {
  it("posts the body with exactly the spec's headers, signed over the raw body, and records the request as sent", async () => {
    const r = await webhookReseller(t.db, { url: receiver.url });
    const clock = manualClock("2026-03-02T10:00:00.000Z");
    const { deliveryId } = await queueTestWebhook(as(r.resellerId, clock.now()));
    clock.advance(1500);
    expect(await sweep(clock)).toMatchObject({ attempted: 1, delivered: 1 });

    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.method).toBe("POST");
    expect(got.url).toBe("/hook");
    expect(JSON.parse(got.body)).toEqual({
      event: "webhook.test",
      timestamp: "2026-03-02T10:00:01.500Z",
      data: { message: expect.stringContaining("Test event") },
    });
    expect(got.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": WEBHOOK_USER_AGENT,
      "x-webhook-event": "webhook.test",
      "x-webhook-id": deliveryId,
      "x-webhook-timestamp": "2026-03-02T10:00:01.500Z",
    });
    expect(got.headers["x-webhook-signature"]).toMatch(/^hmac-sha256=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(r.secret, got.body, got.headers["x-webhook-signature"] as string)).toBe(true);

    const detail = await getWebhookDelivery(as(r.resellerId), { deliveryId });
    expect(detail).toMatchObject({ status: "delivered", attempts: 1, nextAttemptAt: null, lastStatusCode: 200, deliveredAt: clock.now() });
    expect(detail.attemptLog).toHaveLength(1);
    const attempt = detail.attemptLog[0]!;
    expect(attempt).toMatchObject({ url: receiver.url, statusCode: 200, error: null, responseSnippet: "ok", completed: true, requestBody: got.body });
    // Every header recorded is the header received.
    for (const [name, value] of Object.entries(attempt.requestHeaders)) expect(got.headers[name.toLowerCase()], name).toBe(value);
    expect(Object.keys(got.headers).sort()).toEqual(Object.keys(attempt.requestHeaders).map((h) => h.toLowerCase()).sort());
    // In the order sent.
    expect(Object.keys(attempt.requestHeaders)).toEqual(["Host", "User-Agent", "Content-Type", "Content-Length", "X-Webhook-Event", "X-Webhook-Id", "X-Webhook-Timestamp", "X-Webhook-Signature", "Connection"]);
  });

  it("sends one reseller's deliveries in creation order", async () => {
    const r = await webhookReseller(t.db, { url: receiver.url });
    const clock = manualClock();
    for (const [i, type] of (["service.suspended", "service.unsuspended", "service.terminated"] as const).entries()) {
      await raise(r.resellerId, type, `svc-${i}`, new Date(clock.now().getTime() + i));
    }
    clock.advance(1000);
    await sweep(clock);
    expect(receiver.received.map((w) => w.headers["x-webhook-event"])).toEqual(["service.suspended", "service.unsuspended", "service.terminated"]);
  });

  it("retries 60 s after a failure, doubling, with a new timestamp and signature and the same X-Webhook-Id", async () => {
    const r = await webhookReseller(t.db, { url: receiver.url });
    let failures = 3;
    receiver.setHandler((_req, res) => res.writeHead(failures-- > 0 ? 503 : 200).end());
    const clock = manualClock("2026-03-02T10:00:00.000Z");
    const t0 = clock.now().getTime();
    const { deliveryId } = await raise(r.resellerId, "service.suspended", "svc-1", clock.now());

    const at = (s: number) => clock.set(new Date(t0 + s * 1000));
    const expectAttempts = async (n: number) => expect(receiver.received).toHaveLength(n);
    await sweep(clock);
    await expectAttempts(1);
    at(59);
    await sweep(clock);
    await expectAttempts(1);
    at(60);
    await sweep(clock);
    await expectAttempts(2);
    at(179);
    await sweep(clock);
    await expectAttempts(2);
    at(180);
    await sweep(clock);
    await expectAttempts(3);
    at(419);
    await sweep(clock);
    await expectAttempts(3);
    at(420);
    await sweep(clock);
    await expectAttempts(4);

    expect(receiver.received.map((w) => w.headers["x-webhook-timestamp"])).toEqual([0, 60, 180, 420].map((s) => new Date(t0 + s * 1000).toISOString()));
    expect(new Set(receiver.received.map((w) => w.headers["x-webhook-id"]))).toEqual(new Set([deliveryId]));
    expect(new Set(receiver.received.map((w) => w.headers["x-webhook-signature"])).size).toBe(4);
    for (const w of receiver.received) expect(verifyWebhookSignature(r.secret, w.body, w.headers["x-webhook-signature"] as string)).toBe(true);
    const detail = await getWebhookDelivery(as(r.resellerId), { deliveryId: deliveryId! });
    expect(detail).toMatchObject({ status: "delivered", attempts: 4, lastStatusCode: 200, lastError: null });
    expect(detail.attemptLog.map((a) => [a.statusCode, a.error])).toEqual([
      [503, "Answered 503"],
      [503, "Answered 503"],
      [503, "Answered 503"],
      [200, null],
    ]);
  });

  it("fails for good at the programme's attempt limit, and a re-queue starts a fresh round", async () => {
    await t.db.resellerProgramme.update({ where: { id: 1 }, data: { webhookMaxAttempts: 3 } });
    const r = await webhookReseller(t.db, { url: receiver.url });
    receiver.setHandler((_req, res) => res.writeHead(500).end());
    const clock = manualClock();
    const { deliveryId } = await raise(r.resellerId, "service.terminated", "svc-1", clock.now());
    for (let i = 0; i < 10; i++) {
      await sweep(clock);
      clock.advance(3600_000);
    }
    expect(receiver.received).toHaveLength(3);
    const failed = await getWebhookDelivery(as(r.resellerId), { deliveryId: deliveryId! });
    expect(failed).toMatchObject({ status: "failed", attempts: 3, nextAttemptAt: null, lastStatusCode: 500, lastError: "Answered 500" });
    expect(failed.failedAt).not.toBeNull();

    receiver.setHandler((_req, res) => res.end());
    const requeued = await requeueWebhookDelivery(as(r.resellerId, clock.now()), { deliveryId: deliveryId! });
    expect(requeued).toMatchObject({ status: "pending", attempts: 3, failedAt: null, nextAttemptAt: clock.now() });
    await sweep(clock);
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3]!.headers["x-webhook-id"]).toBe(deliveryId);
    expect(await getWebhookDelivery(as(r.resellerId), { deliveryId: deliveryId! })).toMatchObject({ status: "delivered", attempts: 4 });
  });

  it("the default limit is 20 attempts", async () => {
    await t.db.resellerProgramme.deleteMany();
    const r = await webhookReseller(t.db, { url: receiver.url });
    receiver.setHandler((_req, res) => res.writeHead(500).end());
    const clock = manualClock();
    const { deliveryId } = await raise(r.resellerId, "service.terminated", "svc-1", clock.now());
    for (let i = 0; i < 25; i++) {
      await sweep(clock);
      clock.advance(3600_000);
    }
    expect(receiver.received).toHaveLength(20);
    expect(await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).toMatchObject({ status: "failed", attempts: 20 });
  });

  it("pauses while the profile is not active and sends the backlog, in order, on reactivation", async () => {
    const r = await webhookReseller(t.db, { url: receiver.url });
    const clock = manualClock();
    await raise(r.resellerId, "service.suspended", "svc-1", clock.now());
    await t.db.resellerProfile.update({ where: { id: r.resellerId }, data: { status: "suspended" } });
    clock.advance(1000);
    await raise(r.resellerId, "service.unsuspended", "svc-1", clock.now());
    clock.advance(1000);
    expect(await sweep(clock)).toMatchObject({ paused: 1, attempted: 0 });
    const { deliveries } = await listWebhookDeliveries(as(r.resellerId), { limit: 10, offset: 0 });
    expect(deliveries.map((d) => d.status)).toEqual(["paused", "paused"]);
    for (let i = 0; i < 3; i++) {
      clock.advance(3600_000);
      await sweep(clock);
    }
    expect(receiver.received).toHaveLength(0);

    await t.db.resellerProfile.update({ where: { id: r.resellerId }, data: { status: "active" } });
    expect(await sweep(clock)).toMatchObject({ resumed: 2, delivered: 2 });
    expect(receiver.received.map((w) => w.headers["x-webhook-event"])).toEqual(["service.suspended", "service.unsuspended"]);
  });

  it("fails deliveries without an attempt when the URL was cleared after they were queued", async () => {
    const r = await webhookReseller(t.db, { url: receiver.url });
    const clock = manualClock();
    const { deliveryId } = await raise(r.resellerId, "service.suspended", "svc-1", clock.now());
    await t.db.resellerProfile.update({ where: { id: r.resellerId }, data: { webhookUrl: null } });
    expect(await sweep(clock)).toMatchObject({ droppedNoUrl: 1, attempted: 0 });
    expect(await getWebhookDelivery(as(r.resellerId), { deliveryId: deliveryId! })).toMatchObject({ status: "failed", lastError: NO_URL_ERROR, attemptLog: [] });
  });

  it("checks the stored URL again at delivery: a loopback spelling is a failed attempt and nothing connects", async () => {
    const r = await webhookReseller(t.db, { url: `http://2130706433:${receiver.port}/hook` });
    const clock = manualClock();
    const { deliveryId } = await raise(r.resellerId, "service.suspended", "svc-1", clock.now());
    const before = receiver.connections();
    expect(await sweep(clock, { policy: createAddressPolicy() })).toMatchObject({ attempted: 1, retrying: 1 });
    expect(receiver.connections()).toBe(before);
    const detail = await getWebhookDelivery(as(r.resellerId), { deliveryId: deliveryId! });
    expect(detail).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null, lastError: "Refused: 127.0.0.1 is a loopback address" });
    expect(detail.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 60_000));
  });

  it("does not send a delivery another sender holds, and takes over once the claim lapses", async () => {
    const r = await webhookReseller(t.db, { url: receiver.url });
    const clock = manualClock();
    const { deliveryId } = await raise(r.resellerId, "service.suspended", "svc-1", clock.now());
    // Another sender claimed it and died after writing its attempt, before any result.
    await t.db.webhookDelivery.update({ where: { id: deliveryId! }, data: { leaseToken: "dead-sender", leaseUntil: new Date(clock.now().getTime() + 90_000) } });
    await t.db.webhookAttempt.create({ data: { deliveryId: deliveryId!, attemptedAt: clock.now(), url: receiver.url, requestHeaders: [], requestBody: "{}" } });
    expect(await sweep(clock)).toMatchObject({ attempted: 0 });
    clock.advance(90_000);
    expect(await sweep(clock)).toMatchObject({ attempted: 1, delivered: 1 });
    const detail = await getWebhookDelivery(as(r.resellerId), { deliveryId: deliveryId! });
    expect(detail.attemptLog.map((a) => a.completed)).toEqual([false, true]);
    expect(detail).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("leaves a delivery alone when its claim was taken over during the attempt, recording the outcome on the attempt only", async () => {
    const r = await webhookReseller(t.db, { url: receiver.url });
    const clock = manualClock();
    const { deliveryId } = await raise(r.resellerId, "service.suspended", "svc-1", clock.now());
    receiver.setHandler(async (_req, res) => {
      await t.db.webhookDelivery.update({ where: { id: deliveryId! }, data: { leaseToken: "another-sender" } });
      res.end("ok");
    });
    const warnings: string[] = [];
    const log = { warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) };
    expect(await sweep(clock, { log })).toMatchObject({ attempted: 1 });
    expect(warnings).toEqual([expect.stringContaining("the claim lapsed before the attempt finished")]);
    const row = await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } });
    expect(row).toMatchObject({ status: "pending", attempts: 0, leaseToken: "another-sender" });
    const attempt = await t.db.webhookAttempt.findFirstOrThrow({ where: { deliveryId: deliveryId! } });
    expect(attempt).toMatchObject({ statusCode: 200, error: null, responseSnippet: "ok" });
    expect(attempt.completedAt).not.toBeNull();
  });

  it("serves resellers in parallel, up to the concurrency, and each reseller one delivery at a time", async () => {
    const resellers = await Promise.all([0, 1, 2, 3].map(() => webhookReseller(t.db, { url: receiver.url })));
    const clock = manualClock();
    for (const r of resellers) for (let i = 0; i < 3; i++) await raise(r.resellerId, "service.suspended", `svc-${i}`, new Date(clock.now().getTime() + i));
    const ids = new Map((await t.db.webhookDelivery.findMany()).map((d) => [d.id, d.resellerId]));
    let inFlight = 0;
    let peak = 0;
    const perReseller = new Map<string, number>();
    let perResellerPeak = 0;
    receiver.setHandler(async (req, res) => {
      const reseller = ids.get(req.headers["x-webhook-id"] as string)!;
      inFlight++;
      perReseller.set(reseller, (perReseller.get(reseller) ?? 0) + 1);
      peak = Math.max(peak, inFlight);
      perResellerPeak = Math.max(perResellerPeak, perReseller.get(reseller)!);
      await new Promise((resolve) => setTimeout(resolve, 60));
      inFlight--;
      perReseller.set(reseller, perReseller.get(reseller)! - 1);
      res.end();
    });
    clock.advance(1000);
    expect(await sweep(clock, { concurrency: 2 })).toMatchObject({ attempted: 12, delivered: 12 });
    expect(peak).toBe(2);
    expect(perResellerPeak).toBe(1);
  });
});

describe("batches and connections", () => {
  it("claims a reseller's due deliveries in batches, sends them oldest first over one kept-alive connection", async () => {
    const r = await webhookReseller(t.db, { url: receiver.url });
    const clock = manualClock();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await raise(r.resellerId, "service.suspended", `svc-${i}`, new Date(clock.now().getTime() + i))).deliveryId!);
    clock.advance(1000);
    const before = receiver.connections();
    expect(await sweep(clock, { batchSize: 3 })).toMatchObject({ attempted: 7, delivered: 7 });
    expect(receiver.received.map((w) => w.headers["x-webhook-id"])).toEqual(ids);
    expect(receiver.received.every((w) => w.headers.connection === "keep-alive")).toBe(true);
    expect(receiver.connections() - before).toBe(1);
    const attempts = await t.db.webhookAttempt.findMany({ where: { deliveryId: { in: ids } } });
    expect(attempts).toHaveLength(7);
    expect(attempts.every((a) => a.completedAt !== null && a.statusCode === 200)).toBe(true);
    expect(await t.db.webhookDelivery.count({ where: { id: { in: ids }, leaseToken: { not: null } } })).toBe(0);
  });

  it("a receiver that closes the connection after each answer still gets every delivery (a new connection each)", async () => {
    const r = await webhookReseller(t.db, { url: receiver.url });
    receiver.setHandler((_req, res) => res.writeHead(200, { connection: "close" }).end("ok"));
    const clock = manualClock();
    for (let i = 0; i < 3; i++) await raise(r.resellerId, "service.suspended", `svc-${i}`, new Date(clock.now().getTime() + i));
    clock.advance(1000);
    const before = receiver.connections();
    expect(await sweep(clock)).toMatchObject({ attempted: 3, delivered: 3 });
    expect(receiver.connections() - before).toBe(3);
  });

  it("does not send a batched delivery whose claim another sweep took over before its turn", async () => {
    const r = await webhookReseller(t.db, { url: receiver.url });
    const clock = manualClock();
    const first = (await raise(r.resellerId, "service.suspended", "svc-0", clock.now())).deliveryId!;
    const second = (await raise(r.resellerId, "service.suspended", "svc-1", new Date(clock.now().getTime() + 1))).deliveryId!;
    clock.advance(1000);
    receiver.setHandler(async (req, res) => {
      // While the first is being sent, the second's claim lapses and another sweep takes it.
      if (req.headers["x-webhook-id"] === first) await t.db.webhookDelivery.update({ where: { id: second }, data: { leaseToken: "another-sender" } });
      res.end("ok");
    });
    expect(await sweep(clock)).toMatchObject({ attempted: 1, delivered: 1 });
    expect(receiver.received.map((w) => w.headers["x-webhook-id"])).toEqual([first]);
    expect(await t.db.webhookAttempt.count({ where: { deliveryId: second } })).toBe(0);
    expect(await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: second } })).toMatchObject({ status: "pending", leaseToken: "another-sender" });
  });

  it("gives back the claims of a batch it had no time to send", async () => {
    const r = await webhookReseller(t.db, { url: receiver.url });
    const clock = manualClock();
    for (let i = 0; i < 4; i++) await raise(r.resellerId, "service.suspended", `svc-${i}`, new Date(clock.now().getTime() + i));
    clock.advance(1000);
    receiver.setHandler(async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      res.end("ok");
    });
    // The budget runs out during the first send: the other three claims go back at once.
    const report = await sweep(clock, { budgetMs: 2_000, timeoutMs: 10_000 });
    expect(report).toMatchObject({ attempted: 1, delivered: 1 });
    expect(await t.db.webhookDelivery.count({ where: { resellerId: r.resellerId, status: "pending", leaseToken: null, leaseUntil: null } })).toBe(3);
    receiver.setHandler((_req, res) => res.end("ok"));
    expect(await sweep(clock)).toMatchObject({ attempted: 3, delivered: 3 });
  });
});

describe("concurrent sweeps", () => {
  it("two sweeps at once (two connection pools on PostgreSQL) never send one delivery twice", async () => {
    const second = t.url ? await openSecondClient(t.url) : null;
    try {
      const resellers = await Promise.all([0, 1, 2].map(() => webhookReseller(t.db, { url: receiver.url })));
      const clock = manualClock();
      for (const r of resellers) for (let i = 0; i < 5; i++) await raise(r.resellerId, "service.suspended", `svc-${i}`, new Date(clock.now().getTime() + i));
      clock.advance(1000);
      receiver.setHandler(async (_req, res) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        res.end();
      });
      const [a, b] = await Promise.all([sweep(clock), sweep(clock, second ? { db: second.db } : {})]);
      expect(a.attempted + b.attempted).toBe(15);
      const ids = receiver.received.map((w) => w.headers["x-webhook-id"]);
      expect(new Set(ids).size).toBe(15);
      expect(ids).toHaveLength(15);
    } finally {
      await second?.close();
    }
  });
});

describe("tenant isolation", () => {
  it("another reseller's delivery is not found, for reading and for resending", async () => {
    const mine = await webhookReseller(t.db, { url: receiver.url });
    const theirs = await webhookReseller(t.db, { url: receiver.url });
    const { deliveryId } = await raise(theirs.resellerId, "service.suspended", "svc-1", new Date());
    await expect(getWebhookDelivery(as(mine.resellerId), { deliveryId: deliveryId! })).rejects.toThrow(DomainError);
    await expect(resendWebhookDelivery(as(mine.resellerId), { deliveryId: deliveryId! })).rejects.toMatchObject({ kind: "not_found" });
    expect((await listWebhookDeliveries(as(mine.resellerId), { limit: 50, offset: 0 })).total).toBe(0);
  });
});
