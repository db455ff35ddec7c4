import { afterAll, beforeAll, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { addCredit } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { renewServiceNow } from "@/lib/billing/renewals/renew-service-now";
import { customerRequest, customerWithKey, readJson } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "./dispatch";

let t: TestDb;
let clock = new Date("2026-04-01T10:00:00.000Z");
let me: Awaited<ReturnType<typeof customerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;

const call = async (method: string, path: string, body?: unknown, key = me.plaintext) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key, body }), { db: t.db, clock: () => clock }));

beforeAll(async () => {
  t = await createTestDb();
  me = await customerWithKey(t.db);
  site = await makeVpsSite(t.db);
});
afterAll(async () => {
  await t?.close();
});

const service = async (data: Prisma.ServiceUpdateInput = {}) => {
  const { service } = await makePendingService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id, status: "active" });
  return t.db.service.update({ where: { id: service.id }, data: { nextDueDate: new Date("2026-05-01T00:00:00Z"), ...data } });
};

it("POST /services/{id}/renew raises the next period's invoice; an open document refuses 409 RENEWAL_PENDING; paying moves the due date on", async () => {
  const s = await service();
  const first = await call("POST", `/services/${s.id}/renew`, {});
  expect(first.status).toBe(201);
  const data = first.body.data as { invoice: { id: string; number: string; total: string }; document: unknown; settled: boolean; period: unknown };
  expect(data).toMatchObject({
    service_id: s.id,
    period: { start: "2026-05-01T00:00:00.000Z", end: "2026-06-01T00:00:00.000Z" },
    invoice: { status: "unpaid", total: "12.00", currency: "EUR", due_date: "2026-05-01T00:00:00.000Z" },
    proforma: null,
    document: { type: "invoice", status: "unpaid", total: "12.00", settled: false },
    settled: false,
    autoCreditApplied: null,
  });
  expect(data.invoice.number).toMatch(/^INV-2026-/);

  clock = new Date(clock.getTime() + 11 * 60_000); // past the cool-down
  expect(await call("POST", `/services/${s.id}/renew`, {})).toEqual({
    status: 409,
    body: { success: false, code: "RENEWAL_PENDING", error: "A document for this service is awaiting payment; pay it before requesting a renewal" },
  });

  await addCredit(t.db, me.account.id, "12.00");
  expect((await call("POST", `/invoices/${data.invoice.id}/pay`, {})).status).toBe(200);
  expect((await t.db.service.findUniqueOrThrow({ where: { id: s.id } })).nextDueDate).toEqual(new Date("2026-06-01T00:00:00Z"));

  clock = new Date(clock.getTime() + 11 * 60_000);
  const second = await call("POST", `/services/${s.id}/renew`, {});
  expect(second.status).toBe(201);
  expect(second.body.data).toMatchObject({ period: { start: "2026-06-01T00:00:00.000Z", end: "2026-07-01T00:00:00.000Z" } });
});

it("refuses a second renewal within 10 minutes (429), and hourly, suspended and cancelling services", async () => {
  const s = await service();
  expect((await call("POST", `/services/${s.id}/renew`, {})).status).toBe(201);
  const again = await call("POST", `/services/${s.id}/renew`, {});
  expect(again.status).toBe(429);
  expect(again.body).toMatchObject({ code: "ACTION_RATE_LIMITED" });

  const hourly = await service({ billingCycle: "hourly", nextDueDate: null });
  expect(await call("POST", `/services/${hourly.id}/renew`, {})).toMatchObject({ status: 400, body: { code: "BAD_REQUEST", error: "Hourly services are charged from credit by the hour and are not renewed" } });
  const suspended = await service({ status: "suspended" });
  expect(await call("POST", `/services/${suspended.id}/renew`, {})).toMatchObject({ status: 403, body: { code: "FORBIDDEN", error: "Only an active service can be renewed" } });
  const cancelling = await service({ cancellationScheduledDate: new Date("2026-05-01T00:00:00Z") });
  expect((await call("POST", `/services/${cancelling.id}/renew`, {})).status).toBe(400);
  expect(await t.db.serviceRenewal.count({ where: { serviceId: { in: [hourly.id, suspended.id, cancelling.id] } } })).toBe(0);

  const stranger = await customerWithKey(t.db);
  expect((await call("POST", `/services/${s.id}/renew`, {}, stranger.plaintext)).status).toBe(404);
  const readOnly = await customerWithKey(t.db, { scopes: ["read"] });
  expect((await call("POST", `/services/${s.id}/renew`, {}, readOnly.plaintext)).status).toBe(403);
});

it("renewServiceNow checks tenancy itself: another account's service, one outside the request's project, or a malformed id is 404", async () => {
  const s = await service();
  const staging = await t.db.project.create({ data: { accountId: me.account.id, name: "Staging", slug: "staging-renew" } });
  const stranger = await customerWithKey(t.db);
  const ctx = (actor: Parameters<typeof renewServiceNow>[0]["actor"]) => ({ db: t.db, now: clock, actor });
  const notFound = { kind: "not_found", message: "Service not found" };
  await expect(renewServiceNow(ctx({ accountId: stranger.account.id, userId: stranger.owner.id, isOwner: true }), { serviceId: s.id })).rejects.toMatchObject(notFound);
  await expect(renewServiceNow(ctx({ accountId: me.account.id, userId: me.owner.id, isOwner: true, projectId: staging.id }), { serviceId: s.id })).rejects.toMatchObject(notFound);
  await expect(renewServiceNow(ctx({ accountId: me.account.id, userId: me.owner.id, isOwner: true }), { serviceId: "not-a-uuid" })).rejects.toMatchObject(notFound);
  expect(await t.db.serviceRenewal.count({ where: { serviceId: s.id } })).toBe(0);
});
