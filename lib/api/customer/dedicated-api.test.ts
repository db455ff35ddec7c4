import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectFailure } from "@/lib/backends/simulation/faults";
import { getJob } from "@/lib/backends/jobs";
import { serverPasswordIs } from "@/lib/backends/simulated-hypervisor/simulator-controls";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeActiveService, makeDedicatedSite, makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { customerRequest, customerWithKey, readJson } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "./dispatch";

let t: TestDb;
const clock = new Date("2026-04-01T10:00:00.000Z");
let me: Awaited<ReturnType<typeof customerWithKey>>;
let ds: Awaited<ReturnType<typeof makeDedicatedSite>>;

const call = async (method: string, path: string, body?: unknown, key = me.plaintext) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key, body }), { db: t.db, clock: () => clock }));

beforeAll(async () => {
  t = await createTestDb();
  me = await customerWithKey(t.db);
  ds = await makeDedicatedSite(t.db, { count: 16 });
});
afterAll(async () => {
  await t?.close();
});

const server = () =>
  makeActiveService(t.db, { accountId: me.account.id, productId: ds.product.id, locationId: ds.location.id, hostname: `ds-${randomUUID().slice(0, 8)}.example.com` });

describe("reads", () => {
  it("GET /dedicated: the array with pagination beside it and hardware; /dedicated/{id}: the detail; VPS ids and other tenants are 404", async () => {
    const a = await server();
    const list = await call("GET", "/dedicated?limit=200");
    expect(list.status).toBe(200);
    expect(list.body.pagination).toMatchObject({ page: 1, limit: 200, pages: 1 });
    const row = (list.body.data as { id: string }[]).find((r) => r.id === a.service.id);
    const bound = await t.db.dedicatedServer.findFirstOrThrow({ where: { serviceId: a.service.id } });
    expect(row).toMatchObject({ kind: "dedicated", status: "active", hardware: { name: bound.name, manufacturer: "Dell", model: "PowerEdge R350", status: "active" }, failure: null });
    expect(row).not.toHaveProperty("features");

    const { body } = await call("GET", `/dedicated/${a.service.id}`);
    const ip = await t.db.ipAddress.findFirstOrThrow({ where: { serverId: bound.id }, include: { pool: true } });
    expect(body.data).toMatchObject({
      id: a.service.id,
      location: { value: ds.location.value },
      datacenter: { name: ds.location.name },
      provisioning: { provision_state: "active", power_state: "on" },
      os_installation: { status: "completed", os: "Rocky 9", image_id: ds.image.id },
      features: { power: true, reinstall: true, password_reset: true, rescue: true, rdns: true, ssh_keys: true },
      primary_ip: ip.address,
      active_job: null,
    });
    expect((await call("GET", `/dedicated/${a.service.id}/ips`)).body.data).toEqual([
      { address: ip.address, version: 4, prefix_length: ip.pool.prefixLength, gateway: ip.pool.gateway, subnet_cidr: ip.pool.cidr, purpose: "primary" },
    ]);
    expect((await call("GET", `/dedicated/${a.service.id}/os-images`)).body.data).toEqual({ templates: [{ id: ds.image.id, name: "Rocky 9", is_default: true }] });

    const stranger = await customerWithKey(t.db);
    const notFound = { status: 404, body: { success: false, code: "NOT_FOUND", error: "Dedicated server not found" } };
    expect(await call("GET", `/dedicated/${a.service.id}`, undefined, stranger.plaintext)).toEqual(notFound);
    expect(await call("POST", `/dedicated/${a.service.id}/power/on`, undefined, stranger.plaintext)).toEqual(notFound);
    expect(await call("GET", `/dedicated/${a.service.id}/power-status`, undefined, stranger.plaintext)).toEqual(notFound);
    const vs = await makeVpsSite(t.db);
    const vm = await makePendingService(t.db, { accountId: me.account.id, productId: vs.product.id, locationId: vs.location.id });
    expect(await call("GET", `/dedicated/${vm.service.id}`)).toEqual(notFound);
    expect((await call("GET", "/dedicated/not-a-uuid")).body).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "id" }] });
    expect((await call("GET", `/services/${a.service.id}/actions`)).body.data).toEqual({
      service_id: a.service.id,
      kind: "dedicated",
      provider: "native",
      actions: ["start", "stop", "restart"],
      capabilities: { reinstall: true, password_reset: true },
    });
  });

  it("power-status and provision-status; unreachable controller; 404 before a server is bound", async () => {
    const a = await server();
    expect((await call("GET", `/dedicated/${a.service.id}/power-status`)).body.data).toEqual({ power_state: "on", provision_state: "active", busy: false, sampled_at: clock.toISOString() });
    expect((await call("GET", `/dedicated/${a.service.id}/provision-status`)).body.data).toMatchObject({
      provision_state: "active",
      power_state: "on",
      os_installation_status: "completed",
      os: "Rocky 9",
      rescue_mode: false,
      job: { operation: "provision", state: "succeeded", progress: 100, error: null },
    });
    await injectFailure(t.db, { node: ds.node.id, operation: "power.status", code: "provider_unreachable", times: 1 });
    expect((await call("GET", `/dedicated/${a.service.id}/power-status`)).body.data).toMatchObject({ power_state: "unreachable" });
    const pending = await makePendingService(t.db, { accountId: me.account.id, productId: ds.product.id, locationId: ds.location.id });
    expect(await call("GET", `/dedicated/${pending.service.id}/power-status`)).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "No server is linked to this service yet" } });
    expect((await call("GET", `/dedicated/${pending.service.id}`)).body.data).toMatchObject({ hardware: null, provisioning: null, os_installation: { status: null } });
  });

  it("GET /dedicated/{id}/stats: spec strings, power state and health; sensors off when powered off are null", async () => {
    const a = await server();
    expect((await call("GET", `/dedicated/${a.service.id}/stats`)).body.data).toMatchObject({
      cpu: "Intel Xeon E-2388G",
      ram: "64 GB",
      powerState: "on",
      health: { overall: "ok", temperatures: expect.arrayContaining([expect.objectContaining({ name: "CPU1", celsius: expect.any(Number) })]) },
      network: { rx_bps: null, sampledAt: null },
    });
    await t.db.dedicatedServer.updateMany({ where: { serviceId: a.service.id }, data: { powerState: "off" } });
    const off = (await call("GET", `/dedicated/${a.service.id}/stats`)).body.data as { powerState: string; health: { temperatures: { name: string; celsius: number | null }[] } };
    expect(off.powerState).toBe("off");
    expect(off.health.temperatures.find((x) => x.name === "CPU1")!.celsius).toBeNull();
  });

  it("X-Project-Id: a server in another project is 404 to reads and actions", async () => {
    const staging = await t.db.project.create({ data: { accountId: me.account.id, name: "Staging", slug: `staging-${randomUUID().slice(0, 6)}` } });
    const a = await server();
    await t.db.service.update({ where: { id: a.service.id }, data: { projectId: staging.id } });
    const inProject = async (method: string, path: string, project: string) =>
      readJson(await dispatchCustomerApi(customerRequest(method, path, { key: me.plaintext, headers: { "x-project-id": project } }), { db: t.db, clock: () => clock }));
    expect((await inProject("GET", `/dedicated/${a.service.id}`, staging.slug)).status).toBe(200);
    expect(((await inProject("GET", "/dedicated?limit=200", "default")).body.data as { id: string }[]).map((r) => r.id)).not.toContain(a.service.id);
    expect((await inProject("GET", `/dedicated/${a.service.id}`, "default")).status).toBe(404);
    expect((await inProject("POST", `/dedicated/${a.service.id}/power/restart`, "default")).status).toBe(404);
  });

  it("the dedicated module switched off answers FEATURE_DISABLED", async () => {
    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, dedicatedEnabled: false }, update: { dedicatedEnabled: false } });
    try {
      expect((await call("GET", "/dedicated")).body).toMatchObject({ success: false, code: "FEATURE_DISABLED" });
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { dedicatedEnabled: true } });
    }
  });
});

describe("power", () => {
  it("verbs on/off/restart and the start/stop/reboot aliases, in the body or the path; unknown verbs 400", async () => {
    const a = await server();
    expect(await call("POST", `/dedicated/${a.service.id}/power/on`)).toEqual({
      status: 200,
      body: { success: true, message: "Power action 'on' accepted", data: { action: "on", already_in_state: true, completed: true, job_id: expect.any(String) } },
    });
    const off = await call("POST", `/dedicated/${a.service.id}/power`, { action: "stop" });
    expect(off.body.data).toMatchObject({ action: "off", already_in_state: false, completed: false });
    expect((await call("GET", `/dedicated/${a.service.id}`)).body.data).toMatchObject({ active_job: { operation: "power.off" } });
    // The off still holds the controller.
    expect(await call("POST", `/dedicated/${a.service.id}/power/reboot`)).toEqual({
      status: 409,
      body: { success: false, code: "CONFLICT", error: "Another operation is running on this server; try again when it has finished" },
    });
    expect((await call("POST", `/dedicated/${a.service.id}/power/hibernate`)).body).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "action" }] });
    expect((await call("POST", `/dedicated/${a.service.id}/power`, {})).body).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "action" }] });
  });

  it("424 when the controller does not complete it, and that attempt still counts against the 10-per-minute cool-down", async () => {
    const a = await server();
    await injectFailure(t.db, { node: ds.node.id, server: (await t.db.dedicatedServer.findFirstOrThrow({ where: { serviceId: a.service.id } })).id, operation: "power.on", code: "provider_unreachable", stage: "submit", times: null });
    expect(await call("POST", `/dedicated/${a.service.id}/power/on`)).toEqual({
      status: 424,
      body: { success: false, code: "PROVIDER_ERROR", error: "The management controller did not complete the power action" },
    });
    for (let i = 0; i < 9; i++) expect((await call("POST", `/dedicated/${a.service.id}/power/on`)).status).toBe(424);
    const limited = await call("POST", `/dedicated/${a.service.id}/power/on`);
    expect(limited).toMatchObject({ status: 429, body: { success: false, code: "ACTION_RATE_LIMITED", retry_after_seconds: expect.any(Number) } });
  });

  it("one power counter per server, whichever route: /services/{id}/power and /dedicated/{id}/power share the 10 per minute", async () => {
    const a = await server();
    for (let i = 0; i < 5; i++) expect((await call("POST", `/services/${a.service.id}/power/start`)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await call("POST", `/dedicated/${a.service.id}/power/on`)).status).toBe(200);
    expect((await call("POST", `/services/${a.service.id}/actions/start`)).status).toBe(200);
    for (const [path, body] of [[`/dedicated/${a.service.id}/power/on`], [`/dedicated/${a.service.id}/power`, { action: "on" }], [`/services/${a.service.id}/power/start`], [`/services/${a.service.id}/actions/start`]] as const) {
      expect(await call("POST", path, body)).toMatchObject({ status: 429, body: { code: "ACTION_RATE_LIMITED", error: expect.stringContaining("power actions") } });
    }
  });

  it("a 424 counts on every power route; the generic actions route answers it as 503 PROVIDER_ERROR and counts it too", async () => {
    const a = await server();
    const bound = await t.db.dedicatedServer.findFirstOrThrow({ where: { serviceId: a.service.id } });
    await injectFailure(t.db, { node: ds.node.id, server: bound.id, operation: "power.on", code: "provider_unreachable", stage: "submit", times: null });
    const failed = { code: "PROVIDER_ERROR", error: "The management controller did not complete the power action" };
    for (let i = 0; i < 4; i++) expect(await call("POST", `/services/${a.service.id}/power/start`)).toMatchObject({ status: 424, body: failed });
    for (let i = 0; i < 3; i++) expect(await call("POST", `/services/${a.service.id}/actions/start`)).toMatchObject({ status: 503, body: failed });
    for (let i = 0; i < 3; i++) expect(await call("POST", `/dedicated/${a.service.id}/power/on`)).toMatchObject({ status: 424, body: failed });
    expect((await call("POST", `/dedicated/${a.service.id}/power/on`)).status).toBe(429);
    expect((await call("POST", `/services/${a.service.id}/actions/start`)).status).toBe(429);
  });

  it("reinstall and password: one counter per server across /services/{id}/... and /dedicated/{id}/...", async () => {
    const a = await server();
    expect((await call("POST", `/services/${a.service.id}/reinstall`, { image_id: ds.image.id, password: "a-long-root-pw" })).status).toBe(200);
    expect(await call("POST", `/dedicated/${a.service.id}/reinstall`, { image_id: ds.image.id })).toMatchObject({ status: 429, body: { code: "ACTION_RATE_LIMITED", error: expect.stringContaining("reinstalls") } });
    const b = await server();
    expect((await call("POST", `/dedicated/${b.service.id}/password`, {})).status).toBe(200);
    expect(await call("POST", `/services/${b.service.id}/password`, { password: "a-long-root-pw" })).toMatchObject({ status: 429, body: { code: "ACTION_RATE_LIMITED", error: expect.stringContaining("password resets") } });
  });

  it("suspended refuses on (403) but accepts off; terminated refuses everything; the 403 comes before the cool-down", async () => {
    const a = await server();
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    const suspended = { status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is suspended; only stop and restart are allowed" } };
    expect(await call("POST", `/dedicated/${a.service.id}/power/on`)).toEqual(suspended);
    expect(await call("POST", `/dedicated/${a.service.id}/reinstall`, { image_id: ds.image.id })).toEqual(suspended);
    expect(await call("POST", `/dedicated/${a.service.id}/password`, {})).toEqual(suspended);
    expect((await call("POST", `/dedicated/${a.service.id}/power/off`)).status).toBe(200);
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "terminated" } });
    const terminated = { status: 403, body: { success: false, code: "FORBIDDEN", error: "Service is terminated" } };
    expect(await call("POST", `/dedicated/${a.service.id}/power/off`)).toEqual(terminated);
    expect(await call("GET", `/dedicated/${a.service.id}/power-status`)).toEqual(terminated);
    for (let i = 0; i < 12; i++) expect((await call("POST", `/dedicated/${a.service.id}/power/restart`)).status).toBe(403);
  });

  it("scopes: a read-only key is refused with SCOPE_REQUIRED naming services", async () => {
    const a = await server();
    const reader = await customerWithKey(t.db, { scopes: ["read"] });
    await t.db.service.update({ where: { id: a.service.id }, data: { accountId: reader.account.id } });
    expect((await call("GET", `/dedicated/${a.service.id}`, undefined, reader.plaintext)).status).toBe(200);
    for (const [path, body] of [[`/dedicated/${a.service.id}/power/on`, undefined], [`/dedicated/${a.service.id}/reinstall`, { image_id: ds.image.id }], [`/dedicated/${a.service.id}/password`, {}]] as const) {
      expect(await call("POST", path, body, reader.plaintext)).toMatchObject({ status: 403, body: { success: false, code: "SCOPE_REQUIRED", scope: "services" } });
    }
  });
});

describe("reinstall and password", () => {
  it("reinstall: the job, then 409 while it runs (after the cool-down's window is spent it is 429); unknown image 404", async () => {
    const a = await server();
    expect(await call("POST", `/dedicated/${a.service.id}/reinstall`, { image_id: randomUUID() })).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "OS image not found" } });
    const ok = await call("POST", `/dedicated/${a.service.id}/reinstall`, { image_id: ds.image.id, password: "a-long-root-pw" });
    expect(ok).toEqual({ status: 200, body: { success: true, message: "OS reinstall initiated", data: { job_id: expect.any(String) } } });
    expect((await call("GET", `/dedicated/${a.service.id}/provision-status`)).body.data).toMatchObject({ os_installation_status: "in_progress", job: { operation: "reinstall" } });
    expect((await call("POST", `/dedicated/${a.service.id}/reinstall`, { image_id: ds.image.id })).status).toBe(429);
    expect((await call("POST", `/dedicated/${a.service.id}/reinstall`, { image_id: "nope" })).body).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "image_id" }] });
  });

  it("password: rebuilds the server with a generated password shown once; refused while an install runs", async () => {
    const a = await server();
    const res = await call("POST", `/dedicated/${a.service.id}/password`, {});
    expect(res).toEqual({
      status: 200,
      body: { success: true, message: "Password reset initiated: the server is being rebuilt", data: { job_id: expect.any(String), user: "root", password: expect.stringMatching(/^[A-Za-z0-9]{20}$/), method: "automated" } },
    });
    const job = await t.db.backendJob.findUniqueOrThrow({ where: { id: (res.body.data as { job_id: string }).job_id } });
    expect(job.operation).toBe("reinstall");
    const { password } = res.body.data as { password: string };
    expect(JSON.stringify(job.params)).not.toContain(password);
    const later = { db: t.db, clock: { now: () => new Date(clock.getTime() + 3_600_000) } };
    expect((await getJob(job.id, later)).state).toBe("succeeded");
    expect(await serverPasswordIs(t.db, job.serverId!, password)).toBe(true);
    const b = await server();
    await call("POST", `/dedicated/${b.service.id}/reinstall`, { image_id: ds.image.id });
    expect(await call("POST", `/dedicated/${b.service.id}/password`, { password: "chosen-password" })).toEqual({
      status: 409,
      body: { success: false, code: "CONFLICT", error: "A reinstall is already running on this server" },
    });
  });
});

describe("cancellation", () => {
  it("a dedicated server is cancelled like any service: scheduled and withdrawn, then terminated at once, its machine released", async () => {
    const a = await server();
    const scheduled = await call("POST", `/services/${a.service.id}/cancel`, { reason: "moving racks" });
    expect(scheduled.status).toBe(200);
    expect((await call("GET", `/dedicated/${a.service.id}`)).body.data).toMatchObject({ status: "active", cancellation: { reason: "moving racks" } });
    expect((await call("DELETE", `/services/${a.service.id}/cancel`)).body).toEqual({ success: true, message: "Cancellation withdrawn", data: { withdrawn: true } });
    expect((await call("GET", `/dedicated/${a.service.id}`)).body.data).toMatchObject({ status: "active", cancellation: null });

    const bound = await t.db.dedicatedServer.findFirstOrThrow({ where: { serviceId: a.service.id } });
    expect(await call("POST", `/services/${a.service.id}/cancel`, { immediate: true })).toEqual({ status: 200, body: { success: true, message: "Service terminated", data: { immediate: true } } });
    expect(await t.db.service.findUniqueOrThrow({ where: { id: a.service.id } })).toMatchObject({ status: "terminated" });
    // The machine is wiped back to stock by a release job, then free for the next order.
    const release = await t.db.backendJob.findFirstOrThrow({ where: { serverId: bound.id, operation: "release" } });
    const later = { db: t.db, clock: { now: () => new Date(clock.getTime() + 3_600_000) } };
    expect((await getJob(release.id, later)).state).toBe("succeeded");
    expect(await t.db.dedicatedServer.findUniqueOrThrow({ where: { id: bound.id } })).toMatchObject({ serviceId: null, provisionState: "available", rootPasswordHash: null });
    expect((await call("POST", `/dedicated/${a.service.id}/power`, { action: "on" })).status).toBe(403);
  });
});

describe("traffic", () => {
  it("GET /dedicated/{id}/traffic: the switch port's samples; a VPS id is 404", async () => {
    const a = await server();
    expect((await call("GET", `/dedicated/${a.service.id}/traffic`)).body).toEqual({
      success: true,
      data: { kind: "dedicated", range: "24h", collecting: true, samples: [], summary: null, monthTotal: null },
    });
    await t.db.machineSample.createMany({
      data: [
        { serviceId: a.service.id, at: new Date(clock.getTime() - 300_000), rxCounter: 0n, txCounter: 0n, rxBytes: 0n, txBytes: 0n, seconds: 0 },
        { serviceId: a.service.id, at: clock, rxCounter: 750_000_000n, txCounter: 2_250_000_000n, rxBytes: 750_000_000n, txBytes: 2_250_000_000n, seconds: 300 },
      ],
    });
    const { body } = await call("GET", `/dedicated/${a.service.id}/traffic?range=6h`);
    expect(body.data).toMatchObject({ range: "6h", collecting: false, samples: [{ in: 20_000_000, out: 60_000_000 }], monthTotal: { total_bytes_in: 750_000_000, total_bytes_out: 2_250_000_000 } });
    const vps = await makeVpsSite(t.db);
    const v = await makeActiveService(t.db, { accountId: me.account.id, productId: vps.product.id, locationId: vps.location.id });
    expect((await call("GET", `/dedicated/${v.service.id}/traffic`)).status).toBe(404);
  });
});
