import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectFailure } from "@/lib/backends/simulation/faults";
import { makeProduct } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeActiveService, makeDedicatedSite, makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { mintResellerKey, readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { dispatchResellerApi } from "./dispatch";

let t: TestDb;
const now = new Date("2026-05-04T08:30:00.000Z");
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;

const send = async (method: string, path: string, options: ResellerRequestOptions = {}) =>
  readJson(await dispatchResellerApi(resellerRequest(method, path, options), { db: t.db, clock: () => now }));
const get = (path: string, key = r.plaintext) => send("GET", path, { key });
const signed = (method: string, path: string, body?: unknown) => send(method, path, { key: r.plaintext, sign: { secret: r.secret, now }, body });

beforeAll(async () => {
  t = await createTestDb();
  r = await resellerWithKey(t.db);
  site = await makeVpsSite(t.db, { nodes: 2 });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const vps = (extra: { resellerCustomerId?: string; productId?: string } = {}) =>
  makeActiveService(t.db, { accountId: r.account.id, productId: extra.productId ?? site.product.id, locationId: site.location.id, resellerCustomerId: extra.resellerCustomerId, resellerId: r.profile.id, hostname: `vm${++n}-${randomUUID().slice(0, 6)}.example.com` });

describe("reading services", () => {
  it("GET /services lists the reseller's services with page pagination; ?status= is literal", async () => {
    const a = await vps();
    const pending = await makePendingService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id });
    const other = await resellerWithKey(t.db);
    await makePendingService(t.db, { accountId: other.account.id, productId: site.product.id, locationId: site.location.id });

    const all = await get("/services?limit=100");
    expect(all.status).toBe(200);
    const ids = (all.body.data as { serviceId: string }[]).map((s) => s.serviceId);
    expect(ids).toEqual(expect.arrayContaining([a.service.id, pending.service.id]));
    expect(all.body.pagination).toEqual({ page: 1, limit: 100, total: ids.length, totalPages: 1 });

    const active = await get("/services?status=active&limit=100");
    expect((active.body.data as { status: string }[]).every((s) => s.status === "active")).toBe(true);
    expect(await get("/services?status=provisioning")).toEqual({ status: 200, body: { success: true, data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } } });
    // docs/decisions.md#d6: an unknown value of any length is still a literal filter, never a 400.
    expect(await get(`/services?status=${"x".repeat(500)}`)).toEqual({ status: 200, body: { success: true, data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } } });
    expect((await get("/services?limit=1&page=2")).body.pagination).toMatchObject({ page: 2, limit: 1 });
    expect((await get("/services?limit=0")).status).toBe(400);
  });

  it("GET /services/{id}: the row plus location and port; null addresses until built; another reseller's is 404", async () => {
    const a = await vps();
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: a.service.id } });
    const ip = await t.db.ipAddress.findFirstOrThrow({ where: { vmId: vm.id } });
    expect((await get(`/services/${a.service.id}`)).body.data).toEqual({
      serviceId: a.service.id,
      externalServiceId: null,
      externalCustomerId: null,
      productName: site.product.name,
      status: "active",
      serverIp: ip.address,
      hostname: a.service.hostname,
      billingCycle: "monthly",
      wholesaleAmount: "12.00",
      nextDueDate: null,
      createdAt: a.service.createdAt.toISOString(),
      serverLocation: site.location.name,
      serverPort: 22,
    });
    const pending = await makePendingService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id, configuration: { externalServiceId: "shop-42" } });
    expect((await get(`/services/${pending.service.id}`)).body.data).toMatchObject({ status: "pending", externalServiceId: "shop-42", serverIp: null, serverPort: null, serverLocation: null });

    const other = await resellerWithKey(t.db);
    expect(await get(`/services/${a.service.id}`, other.plaintext)).toEqual({ status: 404, body: { success: false, error: "Service not found" } });
    expect((await send("POST", `/services/${a.service.id}/power`, { key: other.plaintext, sign: { secret: other.secret, now }, body: { action: "stop" } })).status).toBe(404);
  });

  it("wholesaleAmount is in the base currency when the service bills in the account's own currency", async () => {
    const a = await vps();
    await t.db.exchangeRate.create({ data: { baseCurrency: "EUR", quoteCurrency: "CHF", rate: "0.8", effectiveAt: new Date("2020-01-01T00:00:00Z") } });
    await t.db.service.update({ where: { id: a.service.id }, data: { amount: "8.00", currency: "CHF" } });
    expect((await get(`/services/${a.service.id}`)).body.data).toMatchObject({ wholesaleAmount: "10.00" });
    const listed = (await get("/services?limit=100")).body.data as { serviceId: string; wholesaleAmount: string }[];
    expect(listed.find((s) => s.serviceId === a.service.id)?.wholesaleAmount).toBe("10.00");
    // Without a rate on file the figure is shown as billed (the order code's fallback).
    await t.db.service.update({ where: { id: a.service.id }, data: { currency: "SEK" } });
    expect((await get(`/services/${a.service.id}`)).body.data).toMatchObject({ wholesaleAmount: "8.00" });
  });

  it("a customer-bound key sees and acts only on its customer's services", async () => {
    const c = await t.db.resellerCustomer.create({ data: { resellerId: r.profile.id, externalCustomerId: `c-${randomUUID()}` } });
    const theirs = await vps({ resellerCustomerId: c.id });
    const unattributed = await vps();
    const bound = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read", "services"], customerId: c.id });
    const list = await get("/services", bound.plaintext);
    expect((list.body.data as { serviceId: string; externalCustomerId: string }[]).map((s) => [s.serviceId, s.externalCustomerId])).toEqual([[theirs.service.id, c.externalCustomerId]]);
    expect((await get(`/services/${unattributed.service.id}`, bound.plaintext)).status).toBe(404);
    expect((await get(`/services?externalCustomerId=${c.externalCustomerId}`)).body.data).toHaveLength(1);
  });

  it("capabilities: per-product switches on native VPS, full set on dedicated, nothing without a backend", async () => {
    const a = await vps();
    expect((await get(`/services/${a.service.id}/capabilities`)).body.data).toEqual({
      backend: "vps", power: true, powerActions: ["start", "stop", "restart"], stats: true, console: true, reinstall: true, password: true, backups: false,
    });
    const limited = await t.db.product.create({
      data: { kind: "vps", name: "Locked VPS", slug: `locked-${randomUUID()}`, snapshotLimit: 3, specs: { vcpus: 1, memoryMb: 1024, diskGb: 20, controls: { powerActions: ["restart"], reinstall: false } }, osImages: { create: [{ osImageId: site.debian.id, isDefault: true }] } },
    });
    const b = await vps({ productId: limited.id });
    expect((await get(`/services/${b.service.id}/capabilities`)).body.data).toMatchObject({ powerActions: ["restart"], reinstall: false, backups: true });
    const generic = await makeProduct(t.db, { kind: "colocation" });
    const colo = await makePendingService(t.db, { accountId: r.account.id, productId: generic.id, locationId: site.location.id });
    expect((await get(`/services/${colo.service.id}/capabilities`)).body.data).toMatchObject({ backend: null, power: false, powerActions: [] });
  });

  it("os-templates: the product's enabled images, default first, platform native", async () => {
    const a = await vps();
    const { body } = await get(`/services/${a.service.id}/os-templates`);
    expect(body.data).toMatchObject({ platform: "native", templates: [{ id: site.debian.id, isDefault: true }, { id: site.ubuntu.id, isDefault: false }] });
  });
});

describe("power", () => {
  it("accepts start/stop/restart and the shutdown alias, answering with the job", async () => {
    const a = await vps();
    const start = await signed("POST", `/services/${a.service.id}/power`, { action: "start" });
    expect(start).toMatchObject({ status: 200, body: { success: true, data: { action: "start", alreadyInState: true, completed: true, state: "running" } } });
    const stop = await signed("POST", `/services/${a.service.id}/power`, { action: "shutdown" });
    expect(stop.body).toMatchObject({ success: true, message: "Power action 'stop' accepted", data: { action: "stop", alreadyInState: false, completed: false, jobId: expect.any(String) } });
    expect((await signed("POST", `/services/${a.service.id}/power`, { action: "hibernate" })).status).toBe(400);
  });

  it("403 names the allowed verbs when the product switches one off; 400 without a backend; 404 before a machine exists", async () => {
    const limited = await t.db.product.create({
      data: { kind: "vps", name: "Restart-only", slug: `ro-${randomUUID()}`, specs: { vcpus: 1, memoryMb: 1024, diskGb: 20, controls: { powerActions: ["stop", "restart"] } }, osImages: { create: [{ osImageId: site.debian.id, isDefault: true }] } },
    });
    const b = await vps({ productId: limited.id });
    expect(await signed("POST", `/services/${b.service.id}/power`, { action: "start" })).toEqual({
      status: 403,
      body: { success: false, error: "Power action 'start' is switched off for this product; allowed: stop, restart" },
    });
    const generic = await makeProduct(t.db, { kind: "generic" });
    const g = await makePendingService(t.db, { accountId: r.account.id, productId: generic.id, locationId: site.location.id, status: "active" });
    expect(await signed("POST", `/services/${g.service.id}/power`, { action: "start" })).toEqual({ status: 400, body: { success: false, error: "Service has no remote controls" } });
    const pending = await makePendingService(t.db, { accountId: r.account.id, productId: site.product.id, locationId: site.location.id });
    expect(await signed("POST", `/services/${pending.service.id}/power`, { action: "start" })).toEqual({ status: 404, body: { success: false, error: "No VPS instance is linked to this service yet" } });
  });

  it("dedicated answers {action, alreadyInState}; a controller that fails is 424", async () => {
    const ds = await makeDedicatedSite(t.db, { count: 2 });
    const mk = () => makeActiveService(t.db, { accountId: r.account.id, productId: ds.product.id, locationId: ds.location.id, hostname: `ds-${randomUUID().slice(0, 6)}.example.com` });
    const a = await mk();
    expect((await signed("POST", `/services/${a.service.id}/power`, { action: "start" })).body.data).toEqual({ action: "start", alreadyInState: true });
    const b = await mk();
    await injectFailure(t.db, { node: ds.node.id, operation: "power.off", code: "provider_unreachable", stage: "submit" });
    expect(await signed("POST", `/services/${b.service.id}/power`, { action: "stop" })).toEqual({
      status: 424,
      body: { success: false, error: "The management controller did not complete the power action" },
    });
  });
});

describe("lifecycle", () => {
  it("suspend → unsuspend → terminate → terminate again, with events; the refusals per the transition table", async () => {
    const a = await vps();
    const id = a.service.id;
    expect(await signed("POST", `/services/${id}/unsuspend`)).toEqual({ status: 409, body: { success: false, error: "Only a suspended service can be unsuspended" } });
    expect(await signed("POST", `/services/${id}/suspend`, { reason: "abuse report" })).toEqual({
      status: 200,
      body: { success: true, message: "Service suspended", data: { serviceId: id, status: "suspended", actions: ["vm.stop"] } },
    });
    expect(await signed("POST", `/services/${id}/suspend`)).toEqual({ status: 409, body: { success: false, error: "Only an active service can be suspended" } });
    // Suspended: start, reinstall and password refused; stop, restart and templates accepted.
    const refused = { success: false, error: "Service is suspended; only stop and restart are allowed" };
    expect(await signed("POST", `/services/${id}/power`, { action: "start" })).toEqual({ status: 403, body: refused });
    expect(await signed("POST", `/services/${id}/reinstall`, { osTemplate: site.debian.id, password: "new-password-1" })).toEqual({ status: 403, body: refused });
    expect(await signed("POST", `/services/${id}/password`, { password: "new-password-1" })).toEqual({ status: 403, body: refused });
    expect((await signed("POST", `/services/${id}/power`, { action: "restart" })).status).not.toBe(403);
    expect((await get(`/services/${id}/os-templates`)).status).toBe(200);

    expect((await signed("POST", `/services/${id}/unsuspend`)).body).toMatchObject({ data: { status: "active" } });
    const term = await signed("DELETE", `/services/${id}`);
    expect(term).toEqual({ status: 200, body: { success: true, message: "Service terminated", data: { serviceId: id, status: "terminated", actions: ["vm.delete"], alreadyTerminated: false } } });
    expect((await signed("DELETE", `/services/${id}`)).body).toEqual({
      success: true,
      message: "Service was already terminated",
      data: { serviceId: id, status: "terminated", actions: [], alreadyTerminated: true },
    });
    const gone = { success: false, error: "Service is terminated" };
    expect(await signed("POST", `/services/${id}/suspend`)).toEqual({ status: 403, body: gone });
    expect(await signed("POST", `/services/${id}/unsuspend`)).toEqual({ status: 403, body: gone });
    expect(await signed("POST", `/services/${id}/power`, { action: "stop" })).toEqual({ status: 403, body: gone });
    expect((await get(`/services/${id}/capabilities`)).body.data).toEqual({
      backend: "vps", power: false, powerActions: [], stats: false, console: false, reinstall: false, password: false, backups: false,
    });
    const events = await t.db.outboxEvent.findMany({ where: { resellerId: r.profile.id, payload: { path: ["serviceId"], equals: id } }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["service.provisioned", "service.suspended", "service.unsuspended", "service.terminated"]);
    expect(events[1]!.payload).toMatchObject({ status: "suspended", reason: "abuse report" });
  });
});

describe("reinstall and password", () => {
  it("reinstall validates the image and password, then initiates", async () => {
    const a = await vps();
    const id = a.service.id;
    const other = await t.db.osImage.create({ data: { name: "FreeBSD", slug: `fbsd-${randomUUID()}`, family: "bsd", distro: "freebsd", version: "14" } });
    expect((await signed("POST", `/services/${id}/reinstall`, { osTemplate: "debian", password: "long-enough" })).status).toBe(400);
    expect(await signed("POST", `/services/${id}/reinstall`, { osTemplate: randomUUID(), password: "long-enough" })).toEqual({ status: 404, body: { success: false, error: "OS image not found" } });
    expect(await signed("POST", `/services/${id}/reinstall`, { osTemplate: other.id, password: "long-enough" })).toEqual({ status: 409, body: { success: false, error: "OS image is not available for this product" } });
    const short = { status: 400, body: { success: false, error: { message: "Validation failed", details: [{ field: "password", message: "password must be at least 8 characters" }] } } };
    expect(await signed("POST", `/services/${id}/reinstall`, { osTemplate: site.ubuntu.id, password: "short" })).toEqual(short);
    const missing = { status: 400, body: { success: false, error: { message: "Validation failed", details: [{ field: "password", message: "Required" }] } } };
    expect(await signed("POST", `/services/${id}/reinstall`, { osTemplate: site.ubuntu.id })).toEqual(missing);
    // docs/decisions.md#d20: validation before look-ups, so an unknown image without a password is the 400, not the 404.
    expect(await signed("POST", `/services/${id}/reinstall`, { osTemplate: randomUUID() })).toEqual(missing);
    const ok = await signed("POST", `/services/${id}/reinstall`, { osImageId: site.ubuntu.id, password: "long-enough" });
    expect(ok).toMatchObject({ status: 200, body: { success: true, message: "OS reinstall initiated", data: { jobId: expect.any(String) } } });
    expect((await signed("POST", `/services/${id}/reinstall`, { osImageId: site.ubuntu.id, password: "long-enough" })).status).toBe(409);
  });

  it("dedicated reinstall: an unlinked image is 404, a sent password is ignored (even a short one), a reinstall already running is 409", async () => {
    const ds = await makeDedicatedSite(t.db);
    const d = await makeActiveService(t.db, { accountId: r.account.id, productId: ds.product.id, locationId: ds.location.id, resellerId: r.profile.id, hostname: `ri-${randomUUID().slice(0, 6)}.example.com` });
    const id = d.service.id;
    const unlinked = await t.db.osImage.create({ data: { name: "Alma 9", slug: `alma-${randomUUID()}`, family: "linux", distro: "almalinux", version: "9" } });
    const notFound = { status: 404, body: { success: false, error: "OS image not found" } };
    expect(await signed("POST", `/services/${id}/reinstall`, { osTemplate: unlinked.id })).toEqual(notFound);
    expect(await signed("POST", `/services/${id}/reinstall`, { osTemplate: randomUUID(), password: "x" })).toEqual(notFound);
    const ok = await signed("POST", `/services/${id}/reinstall`, { osTemplate: ds.image.id, password: "x" });
    expect(ok).toMatchObject({ status: 200, body: { success: true, message: "OS reinstall initiated", data: { jobId: expect.any(String) } } });
    expect(await signed("POST", `/services/${id}/reinstall`, { osImageId: ds.image.id })).toEqual({ status: 409, body: { success: false, error: "A reinstall is already running on this server" } });
  });

  it("password: running VPS accepted, stopped 409, short 400", async () => {
    const a = await vps();
    const id = a.service.id;
    expect((await signed("POST", `/services/${id}/password`, { password: "short" })).status).toBe(400);
    expect(await signed("POST", `/services/${id}/password`, { password: "a-new-root-pw" })).toMatchObject({ status: 200, body: { data: { user: "root" } } });
    await t.db.virtualMachine.updateMany({ where: { serviceId: id }, data: { state: "stopped", powerJobId: null } });
    expect(await signed("POST", `/services/${id}/password`, { password: "a-new-root-pw" })).toEqual({ status: 409, body: { success: false, error: "The VPS is not running" } });
  });
});

describe("concurrency", () => {
  it("parallel suspends: one succeeds, the others 409; parallel terminates raise one event", async () => {
    const a = await vps();
    const id = a.service.id;
    const suspends = await Promise.all([1, 2, 3].map(() => signed("POST", `/services/${id}/suspend`)));
    expect(suspends.map((s) => s.status).sort()).toEqual([200, 409, 409]);
    const terminates = await Promise.all([1, 2, 3].map(() => signed("DELETE", `/services/${id}`)));
    expect(terminates.every((s) => s.status === 200)).toBe(true);
    expect(terminates.map((s) => (s.body.data as { alreadyTerminated: boolean }).alreadyTerminated).sort()).toEqual([false, true, true]);
    const events = await t.db.outboxEvent.findMany({ where: { resellerId: r.profile.id, payload: { path: ["serviceId"], equals: id } } });
    expect(events.filter((e) => e.type === "service.terminated")).toHaveLength(1);
    expect(events.filter((e) => e.type === "service.suspended")).toHaveLength(1);
  });
});
