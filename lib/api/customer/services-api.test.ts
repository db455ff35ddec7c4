import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { terminateDueCancellations } from "@/lib/services/lifecycle/cancel-service";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeActiveService, makeDedicatedSite, makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
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
  site = await makeVpsSite(t.db, { nodes: 2, v4: 64 });
});
afterAll(async () => {
  await t?.close();
});

const vps = (productId = site.product.id) =>
  makeActiveService(t.db, { accountId: me.account.id, productId, locationId: site.location.id, hostname: `c-${randomUUID().slice(0, 8)}.example.com` });

describe("reads", () => {
  it("GET /services: the panel documents with pagination and stats inside data; others' services are invisible", async () => {
    const a = await vps();
    await makePendingService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id });
    const stranger = await customerWithKey(t.db);
    const theirs = await makePendingService(t.db, { accountId: stranger.account.id, productId: site.product.id, locationId: site.location.id });
    const { status, body } = await call("GET", "/services?limit=200");
    expect(status).toBe(200);
    const data = body.data as { services: { id: string; serviceType: string; vps_capabilities?: unknown }[]; pagination: unknown; stats: { total: number; by_status: Record<string, number>; amount_by_status: Record<string, string> } };
    expect(data.services.map((s) => s.id)).toContain(a.service.id);
    expect(data.services.map((s) => s.id)).not.toContain(theirs.service.id);
    expect(data.services.find((s) => s.id === a.service.id)).toMatchObject({ serviceType: "vps", status: "active", vps_capabilities: { actions: ["start", "stop", "restart"] } });
    expect(data.pagination).toEqual({ page: 1, limit: 200, total: data.services.length, pages: 1 });
    expect(data.stats.total).toBe(data.services.length);
    expect(data.stats.by_status.active).toBeGreaterThanOrEqual(1);
    expect(data.stats.by_status.pending).toBeGreaterThanOrEqual(1);
    expect(data.stats.amount_by_status.active).toMatch(/^\d+\.\d{2}$/);
    expect((await call("GET", `/services/${theirs.service.id}`)).status).toBe(404);
    expect(((await call("GET", "/services?search=no-such-host")).body.data as { services: unknown[] }).services).toEqual([]);
  });

  it("GET /services/{id}: data.service and data.liveInfo", async () => {
    const a = await vps();
    const { body } = await call("GET", `/services/${a.service.id}`);
    expect(body.data).toMatchObject({ service: { id: a.service.id, serviceType: "vps" }, liveInfo: { instance: { state: "running" }, os_installation_status: "completed" } });
    const pending = await makePendingService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id });
    expect((await call("GET", `/services/${pending.service.id}`)).body.data).toMatchObject({ liveInfo: null });
  });

  it("GET /vps and /vps/{id}: the array with pagination beside it, the document with capabilities; dedicated ids are 404 here", async () => {
    const a = await vps();
    const list = await call("GET", "/vps?limit=200");
    expect(Array.isArray(list.body.data)).toBe(true);
    expect(list.body.pagination).toMatchObject({ page: 1, limit: 200, pages: 1 });
    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: a.service.id } });
    const ip = await t.db.ipAddress.findFirstOrThrow({ where: { vmId: vm.id }, include: { pool: true } });
    const { body } = await call("GET", `/vps/${a.service.id}`);
    expect(body.data).toMatchObject({
      id: a.service.id,
      kind: "vps",
      provider: "native",
      status: "active",
      product: { id: site.product.id, name: site.product.name },
      billing: { cycle: "monthly", amount: "12.00", currency: "EUR", next_due_date: null },
      primary_ip: ip.address,
      ip_addresses: [{ address: ip.address, version: 4, prefix_length: ip.pool.prefixLength, gateway: ip.pool.gateway, subnet_cidr: ip.pool.cidr, purpose: "primary" }],
      instance: { state: "running", vcpus: 2, memory_mb: 4096, disk_gb: 80, os: "Debian 12", rescue_mode: false },
      os_installation_status: "completed",
      capabilities: { actions: ["start", "stop", "restart"], reinstall: true, password_reset: true, frozen: false, unavailable_reason: null },
      failure: null,
      active_job: null,
    });
    expect((await call("GET", `/vps/${a.service.id}/ips`)).body.data).toEqual((body.data as { ip_addresses: unknown }).ip_addresses);
    expect((await call("GET", `/services/${a.service.id}/actions`)).body.data).toMatchObject({ service_id: a.service.id, kind: "vps", provider: "native", actions: ["start", "stop", "restart"] });
    const ds = await makeDedicatedSite(t.db);
    const server = await makePendingService(t.db, { accountId: me.account.id, productId: ds.product.id, locationId: ds.location.id });
    expect(await call("GET", `/vps/${server.service.id}`)).toEqual({ status: 404, body: { success: false, error: "VPS not found", code: "NOT_FOUND" } });
  });

  it("a failed build shows failure {code, message} without the operator's detail", async () => {
    const failed = await makePendingService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id, status: "provisioning_failed" });
    await t.db.service.update({ where: { id: failed.service.id }, data: { failureCode: "ip_capacity", failureDetail: "pool ams1-v4 exhausted (operator note)" } });
    const { body } = await call("GET", `/vps/${failed.service.id}`);
    expect((body.data as { failure: unknown }).failure).toEqual({ code: "ip_capacity", message: "No IP addresses were left in the chosen location; another location may work." });
    expect(JSON.stringify(body)).not.toContain("operator note");
  });
});

describe("stats", () => {
  it("GET /vps/{id}/stats and /services/{id}/stats: the stats document; suspended still answers, terminated 403, another account's 404", async () => {
    const a = await vps();
    const viaVps = await call("GET", `/vps/${a.service.id}/stats`);
    expect(viaVps).toMatchObject({
      status: 200,
      body: { success: true, data: { platform: "native", collecting: expect.any(Boolean), stats: { status: "running", cpu: { cores: 2 }, memory: { total: expect.any(Number) } }, series: expect.any(Array) } },
    });
    expect((await call("GET", `/services/${a.service.id}/stats`)).body).toMatchObject({ success: true, data: { platform: "native", stats: { status: "running" } } });

    await t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    expect((await call("GET", `/vps/${a.service.id}/stats`)).status).toBe(200);
    expect((await call("GET", `/services/${a.service.id}/stats`)).status).toBe(200);
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "terminated" } });
    const terminated = { status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is terminated" } };
    expect(await call("GET", `/vps/${a.service.id}/stats`)).toEqual(terminated);
    expect(await call("GET", `/services/${a.service.id}/stats`)).toEqual(terminated);

    const stranger = await customerWithKey(t.db);
    const theirs = await makeActiveService(t.db, { accountId: stranger.account.id, productId: site.product.id, locationId: site.location.id, hostname: `s-${randomUUID().slice(0, 8)}.example.com` });
    expect(await call("GET", `/vps/${theirs.service.id}/stats`)).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "VPS not found" } });
    expect(await call("GET", `/services/${theirs.service.id}/stats`)).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "Service not found" } });
    const pending = await makePendingService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id });
    expect(await call("GET", `/services/${pending.service.id}/stats`)).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "No VPS instance is linked to this service yet" } });
  });

  it("GET /services/{id}/stats on a dedicated server gives its stats; /vps/{id}/stats does not know it", async () => {
    const ds = await makeDedicatedSite(t.db);
    const server = await makeActiveService(t.db, { accountId: me.account.id, productId: ds.product.id, locationId: ds.location.id });
    expect((await call("GET", `/services/${server.service.id}/stats`)).body).toMatchObject({ success: true, data: { powerState: "on", network: { sampledAt: null } } });
    expect((await call("GET", `/vps/${server.service.id}/stats`)).status).toBe(404);
  });
});

describe("native VPS module switched off", () => {
  it("/vps routes answer 403 FORBIDDEN 'The VPS module is not available'; only /vps/{id}/snapshots* answer FEATURE_DISABLED", async () => {
    const a = await vps();
    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, nativeVpsEnabled: false }, update: { nativeVpsEnabled: false } });
    try {
      const forbidden = { status: 403, body: { success: false, code: "FORBIDDEN", error: "The VPS module is not available" } };
      for (const [method, path, body] of [
        ["GET", "/vps"],
        ["GET", `/vps/${a.service.id}`],
        ["GET", `/vps/${a.service.id}/ips`],
        ["GET", `/vps/${a.service.id}/os-images`],
        ["POST", `/vps/${a.service.id}/start`],
        ["POST", `/vps/${a.service.id}/power/restart`],
        ["POST", `/vps/${a.service.id}/reinstall`, { image_id: site.debian.id, password: "long-enough" }],
        ["POST", `/vps/${a.service.id}/password`, { password: "long-enough" }],
        ["POST", `/vps/${a.service.id}/capture`, { name: "golden" }],
        ["PATCH", `/vps/${a.service.id}`, { projectId: null }],
        ["DELETE", `/vps/${a.service.id}`, { immediate: true }],
      ] as const) {
        expect(await call(method, path, body)).toEqual(forbidden);
      }
      const disabled = { status: 403, body: { success: false, code: "FEATURE_DISABLED", error: "The native VPS module is not available" } };
      const snapshotId = randomUUID();
      for (const [method, path, body] of [
        ["GET", `/vps/${a.service.id}/snapshots`],
        ["POST", `/vps/${a.service.id}/snapshots`, { name: "snap" }],
        ["POST", `/vps/${a.service.id}/snapshots/${snapshotId}/revert`, { confirm: "snap" }],
        ["DELETE", `/vps/${a.service.id}/snapshots/${snapshotId}`],
      ] as const) {
        expect(await call(method, path, body)).toEqual(disabled);
      }
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { nativeVpsEnabled: true } });
    }
    expect((await call("GET", `/vps/${a.service.id}`)).status).toBe(200);
    expect(await t.db.service.findUniqueOrThrow({ where: { id: a.service.id } })).toMatchObject({ status: "active" });
  });
});

describe("power, in the order of evaluation", () => {
  it("verbs and aliases answer the job; unknown verbs 400", async () => {
    const a = await vps();
    expect((await call("POST", `/vps/${a.service.id}/start`)).body).toEqual({ success: true, data: { completed: true, job_id: expect.any(String), state: "running", status: "active" } });
    const reboot = await call("POST", `/vps/${a.service.id}/reboot`);
    expect(reboot).toEqual({ status: 200, body: { success: true, data: { completed: false, pending: true, job_id: expect.any(String) } } });
    // The panel polls the detail read while the job runs.
    expect(((await call("GET", `/vps/${a.service.id}`)).body.data as { active_job: unknown }).active_job).toMatchObject({ operation: "restart", state: expect.stringMatching(/queued|running/) });
    expect((await call("POST", `/vps/${a.service.id}/power/hibernate`)).body).toMatchObject({ success: false, code: "BAD_REQUEST", details: [{ field: "action" }] });
    expect((await call("POST", `/services/${a.service.id}/power/shutdown`)).status).toBe(409); // the restart still holds the machine
  });

  it("suspended: start 403, stop accepted; terminated: everything 403; before a machine 404; while building 409", async () => {
    const a = await vps();
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    expect(await call("POST", `/vps/${a.service.id}/start`)).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is suspended; only stop and restart are allowed" } });
    expect((await call("POST", `/vps/${a.service.id}/reinstall`, { image_id: site.debian.id, password: "long-enough" })).status).toBe(403);
    expect((await call("POST", `/vps/${a.service.id}/password`, { password: "long-enough" })).status).toBe(403);
    expect((await call("POST", `/vps/${a.service.id}/stop`)).status).toBe(200);
    expect(((await call("GET", `/vps/${a.service.id}`)).body.data as { capabilities: unknown }).capabilities).toMatchObject({ actions: ["stop", "restart"], frozen: true, unavailable_reason: "suspended" });
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "terminated" } });
    expect(await call("POST", `/vps/${a.service.id}/stop`)).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is terminated" } });

    const pending = await makePendingService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id });
    expect(await call("POST", `/vps/${pending.service.id}/start`)).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "No VPS instance is linked to this service yet" } });
    const building = await vps();
    await t.db.service.update({ where: { id: building.service.id }, data: { status: "installing" } });
    expect(await call("POST", `/vps/${building.service.id}/start`)).toEqual({ status: 409, body: { success: false, code: "CONFLICT", error: "The server is still being built" } });
  });

  it("capabilities 403 comes before the cool-down, and the cool-down's 429 before the hypervisor", async () => {
    const locked = await t.db.product.create({
      data: { kind: "vps", name: "No-start VPS", slug: `ns-${randomUUID()}`, specs: { vcpus: 1, memoryMb: 1024, diskGb: 20, controls: { powerActions: ["stop", "restart"] } }, osImages: { create: [{ osImageId: site.debian.id, isDefault: true }] } },
    });
    const b = await vps(locked.id);
    expect(await call("POST", `/vps/${b.service.id}/start`)).toEqual({ status: 403, body: { success: false, code: "FORBIDDEN", error: "Power action 'start' is switched off for this product; allowed: stop, restart" } });

    const a = await vps();
    for (let i = 0; i < 10; i++) expect((await call("POST", `/vps/${a.service.id}/start`)).status).toBe(200);
    const limited = await call("POST", `/vps/${a.service.id}/start`);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: "ACTION_RATE_LIMITED", retry_after_seconds: expect.any(Number) });
    // Billing state is evaluated before the cool-down: a suspended VPS answers 403, not 429.
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    expect((await call("POST", `/vps/${a.service.id}/start`)).status).toBe(403);
    clock = new Date(clock.getTime() + 61_000);
  });
});

describe("reinstall and password", () => {
  it("reinstall: only the VPS's images, 8+ password; initiated; then the cool-down", async () => {
    const a = await vps();
    const foreign = await t.db.osImage.create({ data: { name: "Arch", slug: `arch-${randomUUID()}`, family: "linux", distro: "arch", version: "rolling" } });
    const images = await call("GET", `/vps/${a.service.id}/os-images`);
    expect(images.body.data).toEqual({ templates: [{ id: site.debian.id, name: "Debian 12", is_default: true }, { id: site.ubuntu.id, name: "Ubuntu 24.04", is_default: false }] });
    expect((await call("POST", `/vps/${a.service.id}/reinstall`, { image_id: site.ubuntu.id, password: "short" })).body).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "password" }] });
    expect(await call("POST", `/vps/${a.service.id}/reinstall`, { image_id: randomUUID(), password: "long-enough" })).toMatchObject({ status: 404, body: { error: "OS image not found" } });
    expect(await call("POST", `/vps/${a.service.id}/reinstall`, { image_id: foreign.id, password: "long-enough" })).toMatchObject({ status: 409, body: { error: "OS image is not available for this product" } });
    expect(await call("POST", `/vps/${a.service.id}/reinstall`, { image_id: site.ubuntu.id, password: "long-enough" })).toEqual({
      status: 200,
      body: { success: true, message: "OS reinstall initiated", data: { job_id: expect.any(String) } },
    });
    expect(((await call("GET", `/vps/${a.service.id}`)).body.data as { os_installation_status: string }).os_installation_status).toBe("in_progress");
    expect((await call("POST", `/vps/${a.service.id}/reinstall`, { image_id: site.ubuntu.id, password: "long-enough" })).status).toBe(429);
  });

  it("password: accepted on a running VPS, 409 when it is not running", async () => {
    const a = await vps();
    expect(await call("POST", `/vps/${a.service.id}/password`, { password: "a-new-root-pw" })).toEqual({ status: 200, body: { success: true, data: { available: true, job_id: expect.any(String), user: "root" } } });
    const b = await vps();
    await t.db.virtualMachine.updateMany({ where: { serviceId: b.service.id }, data: { state: "stopped" } });
    expect(await call("POST", `/vps/${b.service.id}/password`, { password: "a-new-root-pw" })).toEqual({ status: 409, body: { success: false, code: "CONFLICT", error: "The VPS is not running" } });
  });
});

describe("cancellation", () => {
  it("end of term keeps the service active with the date; withdrawing clears it; the sweep terminates it when the date comes", async () => {
    const a = await vps();
    const due = new Date("2026-05-01T00:00:00.000Z");
    await t.db.service.update({ where: { id: a.service.id }, data: { nextDueDate: due } });
    expect(await call("POST", `/services/${a.service.id}/cancel`, { reason: "moving" })).toEqual({
      status: 200,
      body: { success: true, message: "Cancellation scheduled", data: { cancellation_scheduled_date: due.toISOString() } },
    });
    expect(((await call("GET", `/vps/${a.service.id}`)).body.data as { status: string; cancellation: unknown })).toMatchObject({ status: "active", cancellation: { scheduled_date: due.toISOString(), reason: "moving" } });
    expect((await call("DELETE", `/services/${a.service.id}/cancel`)).body).toEqual({ success: true, message: "Cancellation withdrawn", data: { withdrawn: true } });
    expect(await call("DELETE", `/services/${a.service.id}/cancel`)).toEqual({ status: 400, body: { success: false, code: "BAD_REQUEST", error: "No cancellation is scheduled for this service" } });

    await call("POST", `/services/${a.service.id}/cancel`, {});
    expect(await terminateDueCancellations({ db: t.db, clock: { now: () => new Date("2026-04-30T23:59:00.000Z") } })).toBe(0);
    expect(await terminateDueCancellations({ db: t.db, clock: { now: () => new Date("2026-05-01T00:00:01.000Z") } })).toBeGreaterThanOrEqual(1);
    expect(await t.db.service.findUniqueOrThrow({ where: { id: a.service.id } })).toMatchObject({ status: "terminated" });
    expect(await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: a.service.id } })).toMatchObject({ destroyedAt: null }); // deletion runs on the backend tick
    expect(await t.db.backendJob.count({ where: { vm: { serviceId: a.service.id }, operation: "delete" } })).toBe(1);
  });

  it("immediate terminates now; DELETE /vps/{id} is the same; refused for pending, suspended and terminated services", async () => {
    const a = await vps();
    expect(await call("POST", `/services/${a.service.id}/cancel`, { immediate: true })).toEqual({ status: 200, body: { success: true, message: "Service terminated", data: { immediate: true } } });
    expect(await call("POST", `/services/${a.service.id}/cancel`, { immediate: true })).toEqual({
      status: 400,
      body: { success: false, code: "BAD_REQUEST", error: "Only an active service or one whose setup failed can be cancelled" },
    });
    const b = await vps();
    expect((await call("DELETE", `/vps/${b.service.id}`, { immediate: true })).body).toMatchObject({ data: { immediate: true } });
    const pending = await makePendingService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id });
    expect((await call("POST", `/services/${pending.service.id}/cancel`, {})).status).toBe(400);
    const c = await vps();
    await t.db.service.update({ where: { id: c.service.id }, data: { status: "suspended" } });
    expect((await call("POST", `/services/${c.service.id}/cancel`, {})).status).toBe(400);
  });

  it("a failed service is terminated at once and its unpaid invoice cancelled", async () => {
    const failed = await makePendingService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id, status: "provisioning_failed" });
    const invoice = await t.db.invoice.create({
      data: {
        number: `INV-T-${randomUUID().slice(0, 8)}`,
        accountId: me.account.id,
        orderId: failed.order.id,
        currency: "EUR",
        subtotal: 12,
        total: 12,
        dueDate: new Date("2026-04-10T00:00:00.000Z"),
        items: { create: [{ serviceId: failed.service.id, description: "VPS", unitAmount: 12, amount: 12 }] },
      },
    });
    expect((await call("POST", `/services/${failed.service.id}/cancel`, { immediate: false })).body).toMatchObject({ data: { immediate: true } });
    expect(await t.db.service.findUniqueOrThrow({ where: { id: failed.service.id } })).toMatchObject({ status: "terminated" });
    expect(await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: "cancelled" });
  });
});

describe("projects", () => {
  it("X-Project-Id narrows the lists; the default project also holds unassigned services; other projects' services are 404", async () => {
    const staging = await t.db.project.create({ data: { accountId: me.account.id, name: "Staging", slug: `staging-${randomUUID().slice(0, 6)}` } });
    const inStaging = await vps();
    await t.db.service.update({ where: { id: inStaging.service.id }, data: { projectId: staging.id } });
    const unassigned = await vps();
    const get = async (path: string, project: string) =>
      readJson(await dispatchCustomerApi(customerRequest("GET", path, { key: me.plaintext, headers: { "x-project-id": project } }), { db: t.db, clock: () => clock }));

    const stagingIds = ((await get("/services?limit=200", staging.slug)).body.data as { services: { id: string }[] }).services.map((s) => s.id);
    expect(stagingIds).toEqual([inStaging.service.id]);
    const defaultIds = ((await get("/vps?limit=200", "default")).body.data as { id: string }[]).map((s) => s.id);
    expect(defaultIds).toContain(unassigned.service.id);
    expect(defaultIds).not.toContain(inStaging.service.id);
    expect((await get(`/vps/${inStaging.service.id}`, "default")).status).toBe(404);
    expect((await get(`/vps/${unassigned.service.id}`, staging.slug)).status).toBe(404);
  });

  it("a service with no project reports the account's default project {id, slug, name}, in the detail and in every list", async () => {
    const staging = await t.db.project.create({ data: { accountId: me.account.id, name: "Staging", slug: `staging-${randomUUID().slice(0, 6)}` } });
    const inStaging = await vps();
    await t.db.service.update({ where: { id: inStaging.service.id }, data: { projectId: staging.id } });
    const unassigned = await vps();
    expect(await t.db.service.findUniqueOrThrow({ where: { id: unassigned.service.id } })).toMatchObject({ projectId: null });
    const fallback = { id: me.project.id, slug: "default", name: me.project.name };
    const mine = { id: staging.id, slug: staging.slug, name: "Staging" };

    expect((await call("GET", `/vps/${unassigned.service.id}`)).body.data).toMatchObject({ project: fallback });
    expect((await call("GET", `/vps/${inStaging.service.id}`)).body.data).toMatchObject({ project: mine });
    const rows = (await call("GET", "/vps?limit=200")).body.data as { id: string; project: unknown }[];
    expect(rows.find((r) => r.id === unassigned.service.id)!.project).toEqual(fallback);
    expect(rows.find((r) => r.id === inStaging.service.id)!.project).toEqual(mine);
    const services = ((await call("GET", "/services?limit=200")).body.data as { services: { id: string; project: unknown; project_id: string }[] }).services;
    expect(services.find((r) => r.id === unassigned.service.id)).toMatchObject({ project: fallback, project_id: fallback.id });
    expect(services.find((r) => r.id === inStaging.service.id)).toMatchObject({ project: mine, project_id: staging.id });
    expect((await call("GET", `/services/${unassigned.service.id}`)).body.data).toMatchObject({ service: { project: fallback } });

    const ds = await makeDedicatedSite(t.db);
    const server = await makeActiveService(t.db, { accountId: me.account.id, productId: ds.product.id, locationId: ds.location.id });
    expect((await call("GET", `/dedicated/${server.service.id}`)).body.data).toMatchObject({ project: fallback });
    const dedicatedRows = (await call("GET", "/dedicated?limit=200")).body.data as { id: string; project: unknown }[];
    expect(dedicatedRows.find((r) => r.id === server.service.id)!.project).toEqual(fallback);
  });
});
