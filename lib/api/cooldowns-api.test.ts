import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeUser } from "@/lib/testing/factories";
import { DomainError } from "@/lib/errors/domain-error";
import { ApiError } from "./api-error";
import { customerApi } from "./customer/dispatch";
import { defineEndpoint } from "./customer/define-endpoint";
import { defineEndpoint as defineResellerEndpoint } from "./reseller/define-endpoint";
import { createDispatcher } from "./dispatch";
import { renderCustomerGuide } from "./customer/guide";
import { buildCustomerOpenApi } from "./customer/openapi";
import { COOLDOWN_BUCKETS, describeCooldown } from "@/lib/cooldowns/cooldown-buckets";
import { reply } from "./reply";
import { customerRequest, customerWithKey, mintCustomerKey, readJson } from "./testing/api-test-kit";

// Cool-downs through the shared dispatcher, with endpoints that exist only here (no real endpoint
// needs one yet). What each handler answers is steered per resource id by `outcomes`.

type Outcome = { status: number } | { throws: Error } | { waitFor: Promise<void>; status: number };
const outcomes = new Map<string, Outcome>();
let handled = 0;

async function act(id: string) {
  handled++;
  const o = outcomes.get(id) ?? { status: 202 };
  if ("throws" in o) throw o.throws;
  if ("waitFor" in o) await o.waitFor;
  return reply({ id, accepted: o.status < 300 }, { status: o.status });
}

const testEndpoints = [
  defineEndpoint({
    method: "POST",
    path: "/machines/{id}/reinstall",
    scope: "services",
    access: "services:manage",
    cooldown: "reinstall",
    body: z.object({ image: z.string().min(1) }),
    summary: "test",
    handler: ({ params }) => act(params.id),
  }),
  defineEndpoint({
    method: "POST",
    path: "/machines/{id}/power/{action}",
    scope: "services",
    access: "services:manage",
    params: z.object({ action: z.enum(["start", "stop"]) }),
    cooldown: "power",
    summary: "test",
    handler: ({ params }) => act(params.id),
  }),
  defineEndpoint({
    method: "POST",
    path: "/servers/{id}/power",
    scope: "services",
    access: "services:manage",
    cooldown: "power",
    summary: "test",
    handler: ({ params }) => act(params.id),
  }),
  defineEndpoint({
    method: "POST",
    path: "/purchases",
    scope: "orders",
    access: "orders:place",
    cooldown: "orders",
    summary: "test",
    handler: () => act("purchases"),
  }),
];

const dispatch = createDispatcher({ ...customerApi, endpoints: [...customerApi.endpoints, ...testEndpoints] });
let t: TestDb;
let now = new Date("2026-04-01T10:00:00.000Z");
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const send = (key: string, path: string, body: unknown = { image: "debian" }, at: Date = now) =>
  dispatch(customerRequest("POST", path, { key, body }), { db: t.db, clock: () => at });
const statusOf = async (key: string, path: string, at: Date = now) => (await send(key, path, undefined, at)).status;

let c: Awaited<ReturnType<typeof customerWithKey>>;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});
beforeEach(async () => {
  outcomes.clear();
  handled = 0;
  now = new Date(now.getTime() + 3_600_000); // a fresh hour for every test's key and cool-downs
  c = await customerWithKey(t.db);
});

describe("declaring a cool-down", () => {
  it("resolves the resource to {id}, else the first parameter, else none (per user)", () => {
    expect(testEndpoints.map((e) => e.cooldown)).toEqual([
      { bucket: "reinstall", resourceParam: "id" },
      { bucket: "power", resourceParam: "id" },
      { bucket: "power", resourceParam: "id" },
      { bucket: "orders", resourceParam: null },
    ]);
    const nested = defineEndpoint({
      method: "POST",
      path: "/services/{serviceId}/backups/{backupId}/restore",
      scope: "services",
      access: "services:manage",
      cooldown: "power",
      summary: "test",
      handler: async () => ({}),
    });
    expect(nested.cooldown).toEqual({ bucket: "power", resourceParam: "serviceId" });
  });

  it("refuses unknown buckets, parameters that are not in the path, reads and the reseller API", () => {
    const base = { method: "POST", path: "/x/{id}", scope: "services", access: "services:manage", summary: "test", handler: async () => ({}) } as const;
    expect(() => defineEndpoint({ ...base, cooldown: "teleport" as "power" })).toThrow(/unknown cool-down bucket/);
    expect(() => defineEndpoint({ ...base, cooldown: { bucket: "power", resourceParam: "serverId" } })).toThrow(/not a path parameter/);
    expect(() => defineEndpoint({ ...base, method: "GET", scope: "read", access: "services:view", cooldown: "power" })).toThrow(/not reads/);
    expect(() =>
      defineResellerEndpoint({ method: "POST", path: "/x/{id}", scope: "services", signed: true, cooldown: "power", summary: "t", handler: async () => ({}) }),
    ).toThrow(/customer API notion/);
  });
});

describe("what clients are told", () => {
  it("OpenAPI names an action's bucket (x-cooldown) and both 429s", () => {
    const doc = buildCustomerOpenApi({ ...customerApi, endpoints: [...customerApi.endpoints, ...testEndpoints] }, "https://portal.test/v1") as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }>; "x-cooldown"?: unknown }>>;
    };
    const reinstall = doc.paths["/machines/{id}/reinstall"]!.post!;
    expect(reinstall["x-cooldown"]).toEqual({ bucket: "reinstall", max: 1, windowSeconds: 300, resource: "id", description: "1 per 5 minutes per user and resource" });
    expect(reinstall.responses["429"]!.description).toMatch(/RATE_LIMITED.*ACTION_RATE_LIMITED: 1 per 5 minutes per user and resource/);
    expect(doc.paths["/purchases"]!.post!.responses["429"]!.description).toContain("30 per 15 minutes per user (");
    expect(doc.paths["/purchases"]!.post!["x-cooldown"]).toMatchObject({ resource: null, description: "30 per 15 minutes per user" });
    const identity = doc.paths["/"]!.get!;
    expect(identity["x-cooldown"]).toBeUndefined();
    expect(identity.responses["429"]!.description).toMatch(/^RATE_LIMITED/);
  });

  it("the guide's table states every bucket's figure", () => {
    const guide = renderCustomerGuide("https://portal.test/v1");
    for (const bucket of Object.values(COOLDOWN_BUCKETS)) expect(guide).toContain(`| ${describeCooldown(bucket)} |`);
    expect(guide).toContain("ACTION_RATE_LIMITED");
    expect(guide).toContain("retry_after_seconds");
  });
});

describe("cool-downs per user and resource", () => {
  it("refuses the second reinstall within 5 minutes with the exact 429, and frees it when the use expires", async () => {
    const id = randomUUID();
    expect(await statusOf(c.plaintext, `/machines/${id}/reinstall`)).toBe(202);
    const refused = await send(c.plaintext, `/machines/${id}/reinstall`, undefined, later(100));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("200");
    expect(await refused.json()).toEqual({
      success: false,
      code: "ACTION_RATE_LIMITED",
      error: "Too many reinstalls on this resource (1 per 5 minutes); try again in 200 seconds",
      retry_after_seconds: 200,
    });
    // the hourly window's headers are on the cool-down refusal too
    expect(refused.headers.get("x-ratelimit-remaining")).not.toBeNull();
    expect(handled).toBe(1);
    expect(await statusOf(c.plaintext, `/machines/${id}/reinstall`, later(299.999))).toBe(429);
    expect(await statusOf(c.plaintext, `/machines/${id}/reinstall`, later(300))).toBe(202);
  });

  it("keeps resources and users apart", async () => {
    const id = randomUUID();
    expect(await statusOf(c.plaintext, `/machines/${id}/reinstall`)).toBe(202);
    expect(await statusOf(c.plaintext, `/machines/${randomUUID()}/reinstall`)).toBe(202);
    // another key of the same user shares the cool-down: it is the user's, not the key's
    const sameUser = await mintCustomerKey(t.db, { accountId: c.account.id, userId: c.owner.id, scopes: ["read", "services"] });
    expect(await statusOf(sameUser.plaintext, `/machines/${id}/reinstall`)).toBe(429);
    // a team member acting on the same resource has their own
    const user = await makeUser(t.db);
    await t.db.teamMember.create({ data: { accountId: c.account.id, userId: user.id, permissions: ["services.view", "services.manage"] } });
    const member = await mintCustomerKey(t.db, { accountId: c.account.id, userId: user.id, scopes: ["read", "services"] });
    expect(await statusOf(member.plaintext, `/machines/${id}/reinstall`)).toBe(202);
  });

  it("allows 10 power actions a minute, whatever the verb, and says when the oldest expires", async () => {
    const id = randomUUID();
    for (let i = 0; i < 10; i++) expect(await statusOf(c.plaintext, `/machines/${id}/power/${i % 2 ? "start" : "stop"}`, later(i * 5))).toBe(202);
    const refused = await readJson(await send(c.plaintext, `/machines/${id}/power/start`, undefined, later(50)));
    expect(refused).toEqual({
      status: 429,
      body: expect.objectContaining({ code: "ACTION_RATE_LIMITED", retry_after_seconds: 10 }),
    });
    expect(await statusOf(c.plaintext, `/machines/${id}/power/start`, later(60))).toBe(202);
    expect(await statusOf(c.plaintext, `/machines/${id}/power/start`, later(61))).toBe(429);
    expect(await statusOf(c.plaintext, `/machines/${id}/power/start`, later(65))).toBe(202);
  });

  it("keeps per-user buckets without a resource (orders: 30 per 15 minutes)", async () => {
    for (let i = 0; i < 30; i++) expect(await statusOf(c.plaintext, "/purchases")).toBe(202);
    expect(await readJson(await send(c.plaintext, "/purchases"))).toMatchObject({ status: 429, body: { retry_after_seconds: 900 } });
    expect(await statusOf(c.plaintext, "/purchases", later(900))).toBe(202);
  });
});

describe("only accepted calls consume a cool-down", () => {
  it.each([
    ["a 4xx answer", { status: 409 }],
    ["a domain refusal", { throws: new DomainError("conflict", "Another disk job is running") }],
    ["an API refusal", { throws: new ApiError(403, "FORBIDDEN", "Service is suspended") }],
    ["a crash (500)", { throws: new Error("boom") }],
    ["a 424 on a bucket that does not count it", { throws: new ApiError(424, "PROVIDER_ERROR", "BMC failed") }],
  ] as const)("%s gives the reservation back", async (_label, outcome) => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // the crash is logged; keep the output clean
    const id = randomUUID();
    outcomes.set(id, outcome);
    expect(await statusOf(c.plaintext, `/machines/${id}/reinstall`)).not.toBe(202);
    outcomes.delete(id);
    expect(await statusOf(c.plaintext, `/machines/${id}/reinstall`)).toBe(202);
    expect(await statusOf(c.plaintext, `/machines/${id}/reinstall`)).toBe(429);
  });

  it("invalid input never reaches the cool-down", async () => {
    const id = randomUUID();
    expect(await (await send(c.plaintext, `/machines/${id}/reinstall`, { image: "" })).status).toBe(400);
    expect(await t.db.actionCooldownUse.count({ where: { resourceId: id } })).toBe(0);
    expect(await statusOf(c.plaintext, `/machines/${id}/reinstall`)).toBe(202);
  });

  it("a dedicated power call the BMC failed (424) still counts (the customer API spec Errors)", async () => {
    const id = randomUUID();
    outcomes.set(id, { throws: new ApiError(424, "PROVIDER_ERROR", "The BMC did not complete the power action") });
    for (let i = 0; i < 10; i++) expect(await statusOf(c.plaintext, `/servers/${id}/power`)).toBe(424);
    expect(await statusOf(c.plaintext, `/servers/${id}/power`)).toBe(429);
  });

  it("two routes declaring the same bucket share one counter per resource (one server, one power limit)", async () => {
    const id = randomUUID();
    for (let i = 0; i < 5; i++) expect(await statusOf(c.plaintext, `/servers/${id}/power`)).toBe(202);
    for (let i = 0; i < 5; i++) expect(await statusOf(c.plaintext, `/machines/${id}/power/start`)).toBe(202);
    expect(await statusOf(c.plaintext, `/servers/${id}/power`)).toBe(429);
    expect(await statusOf(c.plaintext, `/machines/${id}/power/stop`)).toBe(429);
    expect(await statusOf(c.plaintext, `/machines/${randomUUID()}/power/stop`)).toBe(202);
  });
});

describe("parallel calls", () => {
  it("let exactly one of 20 simultaneous reinstalls through", async () => {
    const id = randomUUID();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => statusOf(c.plaintext, `/machines/${id}/reinstall`)));
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    expect(handled).toBe(1);
  });

  it("let exactly 10 of 25 simultaneous power actions through", async () => {
    const id = randomUUID();
    const statuses = await Promise.all(Array.from({ length: 25 }, () => statusOf(c.plaintext, `/machines/${id}/power/start`)));
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("hold the reservation while the first call runs; a failure then gives it back", async () => {
    const id = randomUUID();
    let finish!: () => void;
    outcomes.set(id, { waitFor: new Promise<void>((resolve) => (finish = resolve)), status: 503 });
    const first = send(c.plaintext, `/machines/${id}/reinstall`);
    // wait until the first call holds its reservation
    for (let i = 0; i < 100 && (await t.db.actionCooldownUse.count({ where: { resourceId: id } })) === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await statusOf(c.plaintext, `/machines/${id}/reinstall`)).toBe(429);
    finish();
    expect((await first).status).toBe(503);
    outcomes.delete(id);
    expect(await statusOf(c.plaintext, `/machines/${id}/reinstall`)).toBe(202);
  });
});
