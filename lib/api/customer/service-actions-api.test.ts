import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearFailures, injectFailure } from "@/lib/backends/simulation/faults";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeUser } from "@/lib/testing/factories";
import { makeActiveService, makeDedicatedSite, makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { customerRequest, customerWithKey, mintCustomerKey, readJson } from "../testing/api-test-kit";
import { dispatchCustomerApi } from "./dispatch";

// POST /services/{id}/actions/{action}: the customer API spec "Plugin actions", Authentication §3
// (PERMISSION_DENIED only here) and the order of evaluation on a VPS action.

let t: TestDb;
const clock = new Date("2026-04-01T10:00:00.000Z");
let me: Awaited<ReturnType<typeof customerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;

const call = async (method: string, path: string, body?: unknown, key = me.plaintext, headers?: Record<string, string>) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key, body, headers }), { db: t.db, clock: () => clock }));
const act = (id: string, action: string, key = me.plaintext, body?: unknown) => call("POST", `/services/${id}/actions/${action}`, body, key);

beforeAll(async () => {
  t = await createTestDb();
  me = await customerWithKey(t.db);
  site = await makeVpsSite(t.db, { nodes: 2 });
});
afterAll(async () => {
  await t?.close();
});

const vps = (accountId = me.account.id, productId = site.product.id) =>
  makeActiveService(t.db, { accountId, productId, locationId: site.location.id, hostname: `a-${randomUUID().slice(0, 8)}.example.com` });

/** Uses the whole power cool-down (10 per minute) of `userId` on the service. */
async function exhaustPowerCooldown(userId: string, serviceId: string) {
  await t.db.actionCooldownUse.createMany({
    data: Array.from({ length: 10 }, () => ({ bucket: "power", userId, resourceId: serviceId, usedAt: clock, expiresAt: new Date(clock.getTime() + 60_000) })),
  });
}

/** A team member of my account holding a key with read + services, then left with `permissions` (live re-check). */
async function memberKey(permissions: string[] | null) {
  const user = await makeUser(t.db);
  const member = await t.db.teamMember.create({ data: { accountId: me.account.id, userId: user.id, permissions: ["services.power", "services.view"] } });
  const k = await mintCustomerKey(t.db, { accountId: me.account.id, userId: user.id, scopes: ["read", "services"] });
  if (permissions === null) await t.db.teamMember.delete({ where: { id: member.id } });
  else await t.db.teamMember.update({ where: { id: member.id }, data: { permissions } });
  return k.plaintext;
}

const lockedProduct = () =>
  t.db.product.create({
    data: {
      kind: "vps",
      name: "No-start VPS",
      slug: `ns-${randomUUID()}`,
      specs: { vcpus: 1, memoryMb: 1024, diskGb: 20, controls: { powerActions: ["stop", "restart"] } },
      osImages: { create: [{ osImageId: site.debian.id, isDefault: true }] },
    },
  });

describe("order of evaluation: scope, account permission, billing state, capabilities, cool-down, hypervisor", () => {
  // Each row sets up every later failure too, so it proves the earlier check wins.
  const rows: {
    name: string;
    key: () => Promise<string>;
    product?: "locked";
    status?: "suspended" | "terminated" | "installing";
    cooldownSpent?: boolean;
    unreachable?: boolean;
    action?: string;
    expected: { status: number; code: string; error?: string | RegExp };
  }[] = [
    {
      name: "scope before everything",
      key: async () => (await mintCustomerKey(t.db, { accountId: me.account.id, userId: me.owner.id, scopes: ["read"] })).plaintext,
      status: "terminated",
      cooldownSpent: true,
      expected: { status: 403, code: "SCOPE_REQUIRED", error: "API key is missing the required scope: services" },
    },
    {
      name: "account permission before billing state (member with services.view only)",
      key: () => memberKey(["services.view"]),
      status: "terminated",
      cooldownSpent: true,
      expected: { status: 403, code: "PERMISSION_DENIED", error: "Your account permissions do not allow the action 'start' (needs one of: services.power, services.manage)" },
    },
    {
      name: "a removed member's key: PERMISSION_DENIED",
      key: () => memberKey(null),
      status: "suspended",
      expected: { status: 403, code: "PERMISSION_DENIED", error: "The key's user is no longer a member of this account" },
    },
    {
      name: "billing state before capabilities: suspended refuses start",
      key: async () => me.plaintext,
      product: "locked",
      status: "suspended",
      cooldownSpent: true,
      expected: { status: 403, code: "FORBIDDEN", error: "Service is suspended; only stop and restart are allowed" },
    },
    {
      name: "billing state: terminated refuses stop",
      key: async () => me.plaintext,
      status: "terminated",
      cooldownSpent: true,
      action: "stop",
      expected: { status: 403, code: "FORBIDDEN", error: "Service is terminated" },
    },
    {
      name: "capabilities before the cool-down",
      key: async () => me.plaintext,
      product: "locked",
      cooldownSpent: true,
      expected: { status: 403, code: "FORBIDDEN", error: "Power action 'start' is switched off for this product; allowed: stop, restart" },
    },
    {
      name: "cool-down before the hypervisor",
      key: async () => me.plaintext,
      status: "installing",
      cooldownSpent: true,
      expected: { status: 429, code: "ACTION_RATE_LIMITED", error: /^Too many power actions on this resource \(10 per minute\)/ },
    },
    {
      name: "hypervisor: 409 while building",
      key: async () => me.plaintext,
      status: "installing",
      expected: { status: 409, code: "CONFLICT", error: "The server is still being built" },
    },
    {
      name: "hypervisor: 503 when the provider is unreachable",
      key: async () => me.plaintext,
      unreachable: true,
      action: "restart",
      expected: { status: 503, code: "PROVIDER_UNAVAILABLE", error: "The hosting provider is unreachable; try again shortly" },
    },
  ];

  for (const row of rows) {
    it(row.name, async () => {
      const product = row.product === "locked" ? await lockedProduct() : site.product;
      const a = await vps(me.account.id, product.id);
      const key = await row.key();
      if (row.status) await t.db.service.update({ where: { id: a.service.id }, data: { status: row.status } });
      if (row.cooldownSpent) {
        // The key's user: the owner, or the member the key was minted for.
        const users = await t.db.customerApiKey.findMany({ where: { accountId: me.account.id }, select: { userId: true }, distinct: ["userId"] });
        for (const u of users) await exhaustPowerCooldown(u.userId, a.service.id);
      }
      const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: a.service.id } });
      if (row.unreachable) await injectFailure(t.db, { vm: vm.id, operation: "*", code: "provider_unreachable", stage: "submit", times: null });
      try {
        const { status, body } = await act(a.service.id, row.action ?? "start", key);
        expect(status).toBe(row.expected.status);
        expect(body).toMatchObject({ success: false, code: row.expected.code });
        if (typeof row.expected.error === "string") expect(body.error).toBe(row.expected.error);
        else if (row.expected.error) expect(body.error).toMatch(row.expected.error);
        if (row.expected.status === 429) expect(body.retry_after_seconds).toEqual(expect.any(Number));
      } finally {
        if (row.unreachable) await clearFailures(t.db, { vm: vm.id });
      }
    });
  }

  it("a refused call does not consume the cool-down; accepted power calls do, shared with the other power routes", async () => {
    const a = await vps();
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "installing" } });
    for (let i = 0; i < 12; i++) expect((await act(a.service.id, "start")).status).toBe(409);
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "active" } });
    for (let i = 0; i < 5; i++) expect((await act(a.service.id, "start")).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await call("POST", `/vps/${a.service.id}/start`)).status).toBe(200);
    expect((await act(a.service.id, "start")).status).toBe(429);
    expect((await call("POST", `/vps/${a.service.id}/start`)).status).toBe(429);
    // Reads consume nothing and are not held back by the power cool-down.
    expect((await act(a.service.id, "status")).status).toBe(200);
    expect((await act(a.service.id, "stats")).status).toBe(200);
  });
});

describe("verbs", () => {
  it("power verbs answer the job; aliases map to start, stop and restart", async () => {
    const a = await vps();
    expect(await act(a.service.id, "start", me.plaintext, { params: {} })).toEqual({
      status: 200,
      body: { success: true, data: { action: "start", completed: true, job_id: expect.any(String), state: "running" } },
    });
    const reboot = await act(a.service.id, "reboot");
    expect(reboot).toEqual({ status: 200, body: { success: true, data: { action: "restart", completed: false, pending: true, job_id: expect.any(String), state: "running" } } });
    const job = await t.db.backendJob.findUniqueOrThrow({ where: { id: (reboot.body.data as { job_id: string }).job_id } });
    expect(job.operation).toBe("restart");
  });

  it("status, stats and backups.list; status is tolerant of an unreachable provider, stats is not", async () => {
    const a = await vps();
    expect(await act(a.service.id, "status")).toEqual({ status: 200, body: { success: true, data: { state: "running" } } });
    const stats = await act(a.service.id, "stats");
    expect(stats.body.data).toMatchObject({ stats: { state: "running", cpu: { cores: 2 }, memory: { total: expect.any(Number) }, sampled_at: expect.any(String) } });
    expect(await act(a.service.id, "backups.list")).toEqual({ status: 200, body: { success: true, data: { backups: [], available: false } } });

    const vm = await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: a.service.id } });
    await injectFailure(t.db, { vm: vm.id, operation: "*", code: "provider_unreachable", stage: "submit", times: null });
    expect(await act(a.service.id, "status")).toEqual({ status: 200, body: { success: true, data: { state: "unknown" } } });
    expect(await act(a.service.id, "stats")).toMatchObject({ status: 503, body: { success: false, code: "PROVIDER_UNAVAILABLE" } });
    await clearFailures(t.db, { vm: vm.id });
  });

  it("a verb not offered to customers is 403 ACTION_NOT_ALLOWED; one not implemented 400 ACTION_UNKNOWN; malformed 400 naming action", async () => {
    const a = await vps();
    expect(await act(a.service.id, "backups.create")).toEqual({ status: 403, body: { success: false, code: "ACTION_NOT_ALLOWED", error: "The action 'backups.create' is not available to customers" } });
    expect(await act(a.service.id, "terminate")).toMatchObject({ status: 403, body: { code: "ACTION_NOT_ALLOWED" } });
    expect(await act(a.service.id, "frobnicate")).toEqual({ status: 400, body: { success: false, code: "ACTION_UNKNOWN", error: "The provider does not implement the action 'frobnicate'" } });
    expect(await act(a.service.id, "Bad%20Verb")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST", details: [{ field: "action" }] } });
    expect(await act("not-a-uuid", "start")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST", details: [{ field: "id" }] } });
    expect(await call("POST", `/services/${a.service.id}/actions/start`, { params: "nope" })).toMatchObject({ status: 400, body: { code: "BAD_REQUEST", details: [{ field: "params" }] } });
  });

  it("suspended: reads and stop/restart pass, start is refused; a service without a machine answers 404", async () => {
    const a = await vps();
    await t.db.service.update({ where: { id: a.service.id }, data: { status: "suspended" } });
    expect((await act(a.service.id, "status")).status).toBe(200);
    expect((await act(a.service.id, "stop")).status).toBe(200);
    expect((await act(a.service.id, "start")).status).toBe(403);
    const pending = await makePendingService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id });
    expect(await act(pending.service.id, "restart")).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "No VPS instance is linked to this service yet" } });
  });

  it("member permissions per verb: reads need services.view, provider mutations services.manage (PERMISSION_DENIED before ACTION_NOT_ALLOWED)", async () => {
    const a = await vps();
    const viewer = await memberKey(["services.view"]);
    expect((await act(a.service.id, "status", viewer)).status).toBe(200);
    expect(await act(a.service.id, "restart", viewer)).toMatchObject({ status: 403, body: { code: "PERMISSION_DENIED" } });
    const power = await memberKey(["services.power"]);
    expect((await act(a.service.id, "start", power)).status).toBe(200);
    expect(await act(a.service.id, "backups.create", power)).toMatchObject({ status: 403, body: { code: "PERMISSION_DENIED", error: expect.stringContaining("services.manage") } });
    const manager = await memberKey(["services.manage"]);
    expect(await act(a.service.id, "backups.create", manager)).toMatchObject({ status: 403, body: { code: "ACTION_NOT_ALLOWED" } });
    // Every other route keeps FORBIDDEN for the same refusal.
    expect(await call("POST", `/vps/${a.service.id}/restart`, undefined, viewer)).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
  });

  it("a service without remote controls is 400; dedicated servers take power and status", async () => {
    const other = await makePendingService(t.db, { accountId: me.account.id, productId: (await t.db.product.create({ data: { kind: "generic", name: "Support", slug: `g-${randomUUID()}` } })).id, locationId: site.location.id, status: "active" });
    expect(await act(other.service.id, "start")).toEqual({ status: 400, body: { success: false, code: "BAD_REQUEST", error: "Service has no remote controls" } });

    const ds = await makeDedicatedSite(t.db);
    const server = await makeActiveService(t.db, { accountId: me.account.id, productId: ds.product.id, locationId: ds.location.id });
    expect(await act(server.service.id, "status")).toEqual({ status: 200, body: { success: true, data: { state: expect.stringMatching(/^(on|off)$/) } } });
    expect((await act(server.service.id, "restart")).body).toMatchObject({ success: true, data: { action: "restart", job_id: expect.any(String) } });
    expect(await act(server.service.id, "stats")).toMatchObject({ status: 400, body: { code: "ACTION_UNKNOWN" } });
  });
});

describe("tenant isolation", () => {
  it("another account's service, an unknown id and a service outside the request's project answer 404", async () => {
    const stranger = await customerWithKey(t.db);
    const theirs = await vps(stranger.account.id);
    expect(await act(theirs.service.id, "start")).toEqual({ status: 404, body: { success: false, code: "NOT_FOUND", error: "Service not found" } });
    expect((await act(randomUUID(), "status")).status).toBe(404);
    const mine = await vps();
    const other = await t.db.project.create({ data: { accountId: me.account.id, name: "Staging", slug: `staging-${randomUUID().slice(0, 6)}` } });
    expect((await call("POST", `/services/${mine.service.id}/actions/status`, undefined, me.plaintext, { "x-project-id": other.slug })).status).toBe(404);
    expect((await call("POST", `/services/${mine.service.id}/actions/status`, undefined, me.plaintext, { "x-project-id": "default" })).status).toBe(200);
  });
});
