import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { serviceEventData } from "@/lib/webhooks/events";
import { recordResellerEvent } from "@/lib/webhooks/record-reseller-event";
import { verifyWebhookSignature } from "@/lib/webhooks/sign-webhook";
import { sweepWebhookDeliveries } from "@/lib/webhooks/sweep-webhook-deliveries";
import { loopbackPolicy, noDns } from "@/lib/webhooks/testing/webhook-test-kit";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/webhooks/testing/webhook-receiver";
import { readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { dispatchResellerApi } from "./dispatch";

let t: TestDb;
let receiver: WebhookReceiver;
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let other: Awaited<ReturnType<typeof resellerWithKey>>;
const now = new Date();

const send = async (method: string, path: string, options: ResellerRequestOptions = {}) =>
  readJson(await dispatchResellerApi(resellerRequest(method, path, options), { db: t.db, clock: () => now }));
const as = (who: typeof r) => (method: string, path: string, options: ResellerRequestOptions = {}) =>
  send(method, path, { key: who.plaintext, ...(method === "GET" ? {} : { sign: { secret: who.secret, now } }), ...options });

beforeAll(async () => {
  t = await createTestDb();
  receiver = await startWebhookReceiver();
  r = await resellerWithKey(t.db);
  other = await resellerWithKey(t.db);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe("PUT /account/webhook", () => {
  it("sets a public URL, refuses non-public hosts with a sentence, and null clears it", async () => {
    const call = as(r);
    expect(await call("PUT", "/account/webhook", { body: { webhookUrl: "https://93.184.215.14/rackfront" } })).toEqual({
      status: 200,
      body: { success: true, data: { webhookUrl: "https://93.184.215.14/rackfront" }, message: "Webhook URL saved" },
    });
    expect(await call("PUT", "/account/webhook", { body: { webhookUrl: "http://2130706433/" } })).toEqual({
      status: 400,
      body: { success: false, error: "Webhook URL must use a public host: 127.0.0.1 is a loopback address" },
    });
    expect(await call("PUT", "/account/webhook", { body: { webhookUrl: "http://[::ffff:127.0.0.1]/" } })).toEqual({
      status: 400,
      body: { success: false, error: "Webhook URL must use a public host: [::ffff:7f00:1] is an IPv4-mapped IPv6 address" },
    });
    expect(await call("PUT", "/account/webhook", { body: { webhookUrl: "localhost.:8080/x" } })).toEqual({
      status: 400,
      body: { success: false, error: "Webhook URL must be an absolute URL starting with http:// or https://" },
    });
    // A refused URL leaves the one on file alone.
    expect((await t.db.resellerProfile.findUniqueOrThrow({ where: { id: r.profile.id } })).webhookUrl).toBe("https://93.184.215.14/rackfront");

    const missing = await call("PUT", "/account/webhook", { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, error: { message: "Validation failed", details: [{ field: "webhookUrl" }] } });

    expect(await call("PUT", "/account/webhook", { body: { webhookUrl: null } })).toEqual({
      status: 200,
      body: { success: true, data: { webhookUrl: null }, message: "Webhook URL cleared" },
    });
  });
});

describe("POST /webhooks/test and the delivery log", () => {
  it("refuses without a URL, queues with one, and the log shows the attempt with what was sent", async () => {
    const call = as(r);
    expect(await call("POST", "/webhooks/test")).toEqual({ status: 400, body: { success: false, error: "No webhook URL configured" } });

    await t.db.resellerProfile.update({ where: { id: r.profile.id }, data: { webhookUrl: receiver.url } });
    const queued = await call("POST", "/webhooks/test");
    expect(queued).toEqual({
      status: 202,
      body: { success: true, data: { deliveryId: expect.any(String), event: "webhook.test", status: "pending" }, message: "Test event queued" },
    });
    const deliveryId = (queued.body.data as { deliveryId: string }).deliveryId;

    const pending = await call("GET", `/webhooks/deliveries/${deliveryId}`);
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ id: deliveryId, event: "webhook.test", status: "pending", attempts: 0, attemptLog: [] });

    await sweepWebhookDeliveries({ db: t.db, policy: loopbackPolicy, resolve: noDns });
    expect(receiver.received).toHaveLength(1);
    const sent = receiver.received[0]!;
    expect(verifyWebhookSignature(r.secret, sent.body, sent.headers["x-webhook-signature"] as string)).toBe(true);

    const done = await call("GET", `/webhooks/deliveries/${deliveryId}`);
    const data = done.body.data as Record<string, unknown> & { attemptLog: Record<string, unknown>[] };
    expect(data).toMatchObject({ status: "delivered", attempts: 1, nextAttemptAt: null, lastStatusCode: 200, data: { message: expect.any(String) } });
    expect(data.attemptLog).toHaveLength(1);
    expect(data.attemptLog[0]).toMatchObject({ url: receiver.url, statusCode: 200, requestBody: sent.body, completed: true, responseSnippet: "ok" });
    expect((data.attemptLog[0]!.requestHeaders as Record<string, string>)["X-Webhook-Signature"]).toBe(sent.headers["x-webhook-signature"]);

    const resent = await call("POST", `/webhooks/deliveries/${deliveryId}/resend`);
    expect(resent).toMatchObject({ status: 200, body: { success: true, data: { id: deliveryId, status: "pending", attempts: 1 }, message: "Delivery queued again" } });
    await sweepWebhookDeliveries({ db: t.db, policy: loopbackPolicy, resolve: noDns });
    expect(receiver.received.map((w) => w.headers["x-webhook-id"])).toEqual([deliveryId, deliveryId]);
  });

  it("lists newest first with offset pagination and filters by event and status", async () => {
    await t.db.resellerProfile.update({ where: { id: other.profile.id }, data: { webhookUrl: receiver.url } });
    const base = Date.now() - 60_000;
    for (const [i, type] of (["service.suspended", "service.unsuspended", "service.suspended"] as const).entries()) {
      await t.db.$transaction((tx) =>
        recordResellerEvent(
          tx,
          {
            resellerId: other.profile.id,
            type,
            data: serviceEventData({ serviceId: `svc-${i}`, orderId: null, externalOrderId: null, externalCustomerId: null, status: "active", serverIp: null, hostname: null }),
          },
          { now: new Date(base + i * 1000) },
        ),
      );
    }
    const call = as(other);
    const all = await call("GET", "/webhooks/deliveries?limit=2");
    expect(all.status).toBe(200);
    expect((all.body.data as { event: string }[]).map((d) => d.event)).toEqual(["service.suspended", "service.unsuspended"]);
    expect(all.body.pagination).toEqual({ total: 3, limit: 2, offset: 0, hasMore: true });
    const page2 = await call("GET", "/webhooks/deliveries?limit=2&offset=2");
    expect(page2.body.pagination).toEqual({ total: 3, limit: 2, offset: 2, hasMore: false });
    const suspended = await call("GET", "/webhooks/deliveries?event=service.suspended&status=pending");
    expect(suspended.body.pagination).toMatchObject({ total: 2 });
    expect((await call("GET", "/webhooks/deliveries?status=delivered")).body.pagination).toMatchObject({ total: 0 });

    const bad = await call("GET", "/webhooks/deliveries?status=lost&event=order.lost");
    expect(bad.status).toBe(400);
    expect((bad.body.error as { details: { field: string }[] }).details.map((d) => d.field).sort()).toEqual(["event", "status"]);
    expect((await call("GET", "/webhooks/deliveries?limit=201")).status).toBe(400);
  });

  it("another reseller's delivery is 404 for reading and resending; ids are uuids", async () => {
    const theirs = await t.db.webhookDelivery.findFirstOrThrow({ where: { resellerId: other.profile.id } });
    const mine = as(r);
    expect(await mine("GET", `/webhooks/deliveries/${theirs.id}`)).toEqual({ status: 404, body: { success: false, error: "Webhook delivery not found" } });
    expect(await mine("POST", `/webhooks/deliveries/${theirs.id}/resend`)).toEqual({ status: 404, body: { success: false, error: "Webhook delivery not found" } });
    expect(await mine("GET", `/webhooks/deliveries/${randomUUID()}`)).toMatchObject({ status: 404 });
    expect((await mine("GET", "/webhooks/deliveries")).body.data).not.toContainEqual(expect.objectContaining({ id: theirs.id }));
    expect((await mine("GET", "/webhooks/deliveries/not-a-uuid")).status).toBe(400);
  });
});
