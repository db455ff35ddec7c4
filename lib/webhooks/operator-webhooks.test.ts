import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { DomainError } from "@/lib/errors/domain-error";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeReseller } from "@/lib/testing/factories";
import {
  getWebhookMaxAttempts,
  listFailedWebhookDeliveries,
  NOT_FAILED_ANY_MORE,
  requeueFailedWebhookDelivery,
  setWebhookMaxAttempts,
} from "./operator-webhooks";
import { DELIVERY_NOT_FOUND } from "./webhook-deliveries";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const at = (iso: string) => new Date(iso);
const operator = (now = new Date()): OperatorContext => ({ db: t.db, now, actor: { userId: "00000000-0000-4000-8000-0000000000aa" } });

async function failedDelivery(resellerId: string, event: string, failedAt: Date) {
  return t.db.webhookDelivery.create({
    data: { resellerId, event, data: {}, status: "failed", attempts: 20, roundAttempts: 20, failedAt, lastStatusCode: 503, lastError: "Answered 503" },
  });
}

describe("operator webhooks", () => {
  it("lists failed deliveries of every reseller, most recently failed first, with the reseller's name", async () => {
    const a = await makeReseller(t.db);
    const b = await makeReseller(t.db);
    await t.db.clientAccount.update({ where: { id: a.account.id }, data: { name: "Alpha Hosting" } });
    await t.db.clientAccount.update({ where: { id: b.account.id }, data: { name: "Beta Cloud" } });
    const older = await failedDelivery(a.profile.id, "order.paid", at("2026-03-01T10:00:00Z"));
    const newer = await failedDelivery(b.profile.id, "service.suspended", at("2026-03-02T10:00:00Z"));
    await t.db.webhookDelivery.create({ data: { resellerId: a.profile.id, event: "order.invoiced", data: {}, status: "pending" } });
    await t.db.webhookDelivery.create({ data: { resellerId: b.profile.id, event: "order.invoiced", data: {}, status: "delivered" } });

    const page = await listFailedWebhookDeliveries(operator(), { limit: 10, offset: 0 });
    expect(page.total).toBe(2);
    expect(page.deliveries.map((d) => [d.id, d.resellerName, d.event, d.lastError])).toEqual([
      [newer.id, "Beta Cloud", "service.suspended", "Answered 503"],
      [older.id, "Alpha Hosting", "order.paid", "Answered 503"],
    ]);
    expect((await listFailedWebhookDeliveries(operator(), { limit: 1, offset: 1 })).deliveries.map((d) => d.id)).toEqual([older.id]);
  });

  it("re-queues a failed delivery once: a fresh round due now, paused for a reseller that is not active", async () => {
    const active = await makeReseller(t.db);
    const suspended = await makeReseller(t.db, { status: "suspended" });
    const d1 = await failedDelivery(active.profile.id, "order.paid", at("2026-03-03T10:00:00Z"));
    const d2 = await failedDelivery(suspended.profile.id, "order.paid", at("2026-03-03T10:00:00Z"));
    const now = at("2026-03-04T08:00:00Z");

    expect(await requeueFailedWebhookDelivery(operator(now), { deliveryId: d1.id })).toEqual({ status: "pending" });
    expect(await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: d1.id } })).toMatchObject({
      status: "pending",
      roundAttempts: 0,
      attempts: 20,
      nextAttemptAt: now,
      failedAt: null,
    });
    expect(await requeueFailedWebhookDelivery(operator(now), { deliveryId: d2.id })).toEqual({ status: "paused" });

    // A second click (or two operators at once) does not restart the round.
    await expect(requeueFailedWebhookDelivery(operator(now), { deliveryId: d1.id })).rejects.toThrow(NOT_FAILED_ANY_MORE);
    await expect(requeueFailedWebhookDelivery(operator(now), { deliveryId: "00000000-0000-4000-8000-000000000000" })).rejects.toThrow(DELIVERY_NOT_FOUND);
  });

  it("two re-queues at once: exactly one succeeds", async () => {
    const r = await makeReseller(t.db);
    const d = await failedDelivery(r.profile.id, "order.paid", at("2026-03-03T10:00:00Z"));
    const results = await Promise.allSettled([requeueFailedWebhookDelivery(operator(), { deliveryId: d.id }), requeueFailedWebhookDelivery(operator(), { deliveryId: d.id })]);
    expect(results.filter((x) => x.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((x) => x.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DomainError);
    expect(refused.reason.kind).toBe("conflict");
  });

  it("reads and sets the attempt limit within 1-50; the default is 20", async () => {
    await t.db.resellerProgramme.deleteMany();
    expect(await getWebhookMaxAttempts(operator())).toBe(20);
    expect(await setWebhookMaxAttempts(operator(), { webhookMaxAttempts: 5 })).toBe(5);
    expect(await getWebhookMaxAttempts(operator())).toBe(5);
    for (const bad of [0, 51, 2.5, Number.NaN]) {
      await expect(setWebhookMaxAttempts(operator(), { webhookMaxAttempts: bad })).rejects.toThrow("The attempt limit must be a whole number from 1 to 50");
    }
    expect(await getWebhookMaxAttempts(operator())).toBe(5);
  });
});
