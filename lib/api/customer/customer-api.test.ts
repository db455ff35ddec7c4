import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { CUSTOMER_API_KEY_SCOPES } from "@/lib/api-keys/customer-api-key-scopes";
import { HTTP_METHODS } from "../define-endpoint";
import { createRouteTable } from "../route-table";
import { customerRequest, customerWithKey, mintCustomerKey, readJson } from "../testing/api-test-kit";
import { customerKeySubject } from "../rate-limit-hook";
import { customerWindowOffsetMs, fixedHourWindow, unixSeconds } from "../rate-limit/windows";
import { dispatchCustomerApi } from "./dispatch";
import { customerRoutes } from "./routes";

let t: TestDb;
const now = new Date("2026-04-01T10:00:00.000Z");
const call = (request: Request, options: { clientIp?: string | null; clock?: () => Date } = {}) =>
  dispatchCustomerApi(request, { db: t.db, clock: options.clock ?? (() => now), clientIp: options.clientIp });
const get = async (path: string, key: string | null, headers: Record<string, string> = {}) =>
  readJson(await call(customerRequest("GET", path, { key, headers })));

let full: Awaited<ReturnType<typeof customerWithKey>>;

beforeAll(async () => {
  t = await createTestDb();
  full = await customerWithKey(t.db, { credit: "25.5" });
});

afterAll(async () => {
  await t?.close();
});

/** The path with every parameter filled: uuids unless `malformed` names the parameter to break. */
function pathOf(path: string, malformed?: string): string {
  // A uuid that starts with a letter also fits the word-like params ({action}), whatever the draw.
  return path.replace(/\{([A-Za-z0-9]+)\}/g, (_m, name: string) => (name === malformed ? "not-a-uuid" : `a${randomUUID().slice(1)}`));
}

describe("every declared customer endpoint", () => {
  const table = createRouteTable(customerRoutes);
  const authenticated = customerRoutes.filter((e) => e.scope !== null);

  it("declares the routes this round promised", () => {
    const declared = customerRoutes.map((e) => `${e.method} ${e.path}`);
    expect(declared).toEqual(
      expect.arrayContaining(["GET /", "GET /account", "GET /account/balance", "GET /openapi.json", "GET /docs", "GET /guide.md"]),
    );
  });

  describe.each(authenticated.map((e) => [`${e.method} ${e.path}`, e] as const))("%s", (_name, endpoint) => {
    it("answers 401 UNAUTHORIZED without a key", async () => {
      const { status, body } = await readJson(await call(customerRequest(endpoint.method, pathOf(endpoint.path), { body: {} })));
      expect(status).toBe(401);
      expect(body).toMatchObject({ success: false, code: "UNAUTHORIZED" });
    });

    it("answers 403 SCOPE_REQUIRED, naming the scope, to a key without it", async () => {
      // Minting always adds `read`; the row is edited to prove the check itself.
      const { key, plaintext } = await mintCustomerKey(t.db, { accountId: full.account.id, userId: full.owner.id, scopes: ["read"] });
      await t.db.customerApiKey.update({
        where: { id: key.id },
        data: { scopes: CUSTOMER_API_KEY_SCOPES.filter((s) => s !== endpoint.scope) },
      });
      const { status, body } = await readJson(await call(customerRequest(endpoint.method, pathOf(endpoint.path), { key: plaintext, body: {} })));
      expect(status).toBe(403);
      expect(body).toEqual({
        success: false,
        code: "SCOPE_REQUIRED",
        scope: endpoint.scope,
        error: `API key is missing the required scope: ${endpoint.scope}`,
      });
    });

    const uuidParams = endpoint.paramNames.filter((name) => !endpoint.params.shape[name]!.safeParse("not-a-uuid").success);
    // the customer API spec Errors: `details [{field: id}]` whichever path id is malformed; the message names it.
    it.runIf(uuidParams.length > 0).each(uuidParams)("answers 400 BAD_REQUEST with field id (naming %s) when it is not a uuid", async (name) => {
      const { status, body } = await readJson(
        await call(customerRequest(endpoint.method, pathOf(endpoint.path, name), { key: full.plaintext, body: {} })),
      );
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: "BAD_REQUEST", details: [{ field: "id", message: name === "id" ? "Must be a UUID" : `${name}: Must be a UUID` }] });
    });

    const other = HTTP_METHODS.find((m) => table.lookup(m, pathOf(endpoint.path)).kind === "method_not_allowed");
    it.runIf(other !== undefined)(`answers 405 to ${other} with Allow`, async () => {
      const response = await call(customerRequest(other!, pathOf(endpoint.path), { key: full.plaintext }));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toContain(endpoint.method);
      expect(await response.json()).toMatchObject({ success: false, code: "METHOD_NOT_ALLOWED" });
    });
  });

  it("answers 404 NOT_FOUND in the customer envelope to an unknown path, with or without a key", async () => {
    for (const key of [null, full.plaintext]) {
      const { status, body } = await get("/no/such/thing", key);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, error: "Not found", code: "NOT_FOUND" });
    }
  });

  it("serves the docs routes without a key", async () => {
    for (const e of customerRoutes.filter((x) => x.scope === null)) {
      const response = await call(customerRequest("GET", e.path));
      expect(response.status, e.path).toBe(200);
      expect(response.headers.get("content-type")).toContain(e.produces!);
    }
  });
});

describe("customer key authentication", () => {
  it.each([
    ["no header", {}],
    ["another scheme", { authorization: "Basic dXNlcjpwYXNz" }],
    ["Bearer without a token", { authorization: "Bearer" }],
    ["a reseller key", { authorization: `Bearer rsk_ABCDEFGH_${"a".repeat(64)}` }],
    ["uppercase hex", { authorization: `Bearer rfk_ABCDEF01_${"A".repeat(96)}` }],
    ["a short secret", { authorization: `Bearer rfk_abcdef01_${"a".repeat(95)}` }],
    ["an unknown key", { authorization: `Bearer rfk_00000000_${"a".repeat(96)}` }],
  ])("%s → 401 UNAUTHORIZED", async (_label, headers) => {
    const { status, body } = await get("/", null, headers);
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, code: "UNAUTHORIZED" });
  });

  it("refuses the right key id with a wrong secret", async () => {
    const wrong = full.plaintext.slice(0, -1) + (full.plaintext.endsWith("a") ? "b" : "a");
    expect((await get("/", wrong)).status).toBe(401);
    expect((await get("/", full.plaintext)).status).toBe(200);
  });

  it("refuses revoked and expired keys, and keys of closed accounts", async () => {
    const c = await makeCustomer(t.db);
    const revoked = await mintCustomerKey(t.db, { accountId: c.account.id, userId: c.owner.id });
    await t.db.customerApiKey.update({ where: { id: revoked.key.id }, data: { revokedAt: now } });
    expect((await get("/", revoked.plaintext)).status).toBe(401);

    const expiring = await mintCustomerKey(
      t.db,
      { accountId: c.account.id, userId: c.owner.id, expiresAt: new Date(now.getTime() + 60_000) },
      { now },
    );
    expect((await get("/", expiring.plaintext)).status).toBe(200);
    const later = () => new Date(now.getTime() + 60_000);
    expect((await readJson(await call(customerRequest("GET", "/", { key: expiring.plaintext }), { clock: later }))).status).toBe(401);

    const open = await mintCustomerKey(t.db, { accountId: c.account.id, userId: c.owner.id });
    await t.db.clientAccount.update({ where: { id: c.account.id }, data: { status: "closed" } });
    expect((await get("/", open.plaintext)).status).toBe(401);
  });

  it("enforces the key's IP allowlist against the client address the caller vouches for", async () => {
    const k = await mintCustomerKey(t.db, { accountId: full.account.id, userId: full.owner.id, ipAllowlist: ["203.0.113.0/24"] });
    const as = async (clientIp: string | null, headers: Record<string, string> = {}) =>
      readJson(await call(customerRequest("GET", "/account", { key: k.plaintext, headers }), { clientIp }));
    expect((await as("203.0.113.7")).status).toBe(200);
    expect((await as("::ffff:203.0.113.7")).status).toBe(200);
    const outside = await as("198.51.100.1");
    expect(outside.status).toBe(403);
    expect(outside.body).toMatchObject({ code: "FORBIDDEN" });
    // unknown address (e.g. through Next without the server's header): refused, and a spoofed
    // X-Forwarded-For changes nothing
    expect((await as(null, { "x-forwarded-for": "203.0.113.7" })).body).toMatchObject({ code: "FORBIDDEN" });
  });

  it("writes lastUsedAt at most once a minute", async () => {
    const k = await mintCustomerKey(t.db, { accountId: full.account.id, userId: full.owner.id });
    const at = (ms: number) => () => new Date(now.getTime() + ms);
    const lastUsed = async () => (await t.db.customerApiKey.findUniqueOrThrow({ where: { id: k.key.id } })).lastUsedAt?.getTime();
    await call(customerRequest("GET", "/", { key: k.plaintext }), { clock: at(0) });
    expect(await lastUsed()).toBe(now.getTime());
    await call(customerRequest("GET", "/", { key: k.plaintext }), { clock: at(59_000) });
    expect(await lastUsed()).toBe(now.getTime());
    await call(customerRequest("GET", "/", { key: k.plaintext }), { clock: at(60_000) });
    expect(await lastUsed()).toBe(now.getTime() + 60_000);
  });
});

describe("team members", () => {
  it("limits a member's key by the member's live permissions, re-checked on every request", async () => {
    const c = await makeCustomer(t.db);
    const user = await makeUser(t.db);
    const member = await t.db.teamMember.create({ data: { accountId: c.account.id, userId: user.id, permissions: ["services.view"] } });
    const k = await mintCustomerKey(t.db, { accountId: c.account.id, userId: user.id, scopes: ["read"] });
    const account = await get("/account", k.plaintext);
    expect(account.status).toBe(200);
    expect(account.body.data).toMatchObject({ role: "member", permissions: ["services.view"], id: c.account.id });

    expect((await get("/services", k.plaintext)).status).toBe(200);

    await t.db.teamMember.update({ where: { id: member.id }, data: { permissions: ["services.cancel"] } });
    const refused = await get("/services", k.plaintext);
    expect(refused).toEqual({
      status: 403,
      body: { success: false, code: "FORBIDDEN", error: "Your account permissions do not allow this (needs one of: services.view, services.manage, services.power)" },
    });
    // the profile is any member's (docs/decisions.md#r12), identity needs no permission at all
    expect((await get("/account", k.plaintext)).status).toBe(200);
    expect((await get("/", k.plaintext)).body.data).toMatchObject({ account: { id: c.account.id, owner: false } });

    await t.db.teamMember.delete({ where: { id: member.id } });
    expect((await get("/account/balance", k.plaintext)).body).toMatchObject({ code: "FORBIDDEN" });
    expect((await get("/account", k.plaintext)).body.error).toMatch(/no longer a member/);
  });

  it("shows a member their own credit, not the shared account's", async () => {
    const c = await makeCustomer(t.db, { credit: "100" });
    const memberCustomer = await makeCustomer(t.db, { credit: "7.25", currency: "USD" });
    await t.db.teamMember.create({ data: { accountId: c.account.id, userId: memberCustomer.owner.id, permissions: ["billing.view"] } });
    const k = await mintCustomerKey(t.db, { accountId: c.account.id, userId: memberCustomer.owner.id });
    expect((await get("/account/balance", k.plaintext)).body.data).toEqual({ balance: "7.25", currency: "USD" });
    const owner = await mintCustomerKey(t.db, { accountId: c.account.id, userId: c.owner.id });
    expect((await get("/account/balance", owner.plaintext)).body.data).toEqual({ balance: "100.00", currency: "EUR" });
  });
});

describe("GET / (identity)", () => {
  it("reports version \"1\", who the key is, its scopes, its rate-limit window and links", async () => {
    // Links use the request's host only when it is trusted (docs/decisions.md#r10).
    vi.stubEnv("RACKFRONT_TRUSTED_HOSTS", "rackfront.test");
    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, customerHourlyLimit: 777 }, update: { customerHourlyLimit: 777 } });
    const before = await t.db.rateLimitBucket.aggregate({ _sum: { hits: true }, where: { subject: customerKeySubject(full.key.id) } });
    const usedBefore = before._sum.hits ?? 0;
    const reset = unixSeconds(fixedHourWindow(now, customerWindowOffsetMs(full.key.id)).reset);
    const response = await call(customerRequest("GET", "/", { key: full.plaintext }));
    const { status, body } = await readJson(response);
    expect(status).toBe(200);
    expect(response.headers.get("x-ratelimit-limit")).toBe("777");
    expect(response.headers.get("x-ratelimit-remaining")).toBe(String(777 - usedBefore - 1));
    expect(response.headers.get("x-ratelimit-reset")).toBe(String(reset));
    expect(body.success).toBe(true);
    expect(body.data).toEqual({
      version: "1",
      base_url: "http://rackfront.test/v1",
      user: { id: full.owner.id, email: full.owner.email, name: full.owner.name },
      account: { id: full.account.id, name: full.account.name, owner: true },
      key: { id: full.key.id, label: "test", scopes: ["read", "services", "orders", "billing", "destructive"], project: null, expires_at: null },
      project: null,
      rate_limit: { limit: 777, remaining: 777 - usedBefore - 1, reset },
      scopes: expect.arrayContaining([{ scope: "billing", description: expect.stringContaining("Pay invoices") }]),
      links: expect.objectContaining({ openapi: "http://rackfront.test/v1/openapi.json", guide: "http://rackfront.test/v1/guide.md" }),
    });
    vi.unstubAllEnvs();
  });

  it("counts down with the key's real window: the next request reports one fewer remaining", async () => {
    const fresh = await mintCustomerKey(t.db, { accountId: full.account.id, userId: full.owner.id });
    const limit = (await t.db.platformSettings.findUniqueOrThrow({ where: { id: 1 } })).customerHourlyLimit;
    const first = (await get("/", fresh.plaintext)).body.data as { rate_limit: { limit: number; remaining: number; reset: number } };
    const second = (await get("/", fresh.plaintext)).body.data as typeof first;
    expect(first.rate_limit).toEqual({ limit, remaining: limit - 1, reset: first.rate_limit.reset });
    expect(second.rate_limit).toEqual({ limit, remaining: limit - 2, reset: first.rate_limit.reset });
    expect(first.rate_limit.reset).toBeGreaterThan(now.getTime() / 1000);
    expect(first.rate_limit.reset).toBeLessThanOrEqual(now.getTime() / 1000 + 3600);
  });

  it("answers the same at /v1/ (trailing slash)", async () => {
    const response = await call(new Request("http://rackfront.test/v1/", { headers: { authorization: `Bearer ${full.plaintext}` } }));
    expect(response.status).toBe(200);
  });
});

describe("GET /account and /account/balance", () => {
  it("gives the owner the profile, credit as a decimal string and no permission list", async () => {
    await t.db.clientAccount.update({ where: { id: full.account.id }, data: { company: "Acme B.V.", vatNumber: "NL123" } });
    const { status, body } = await get("/account", full.plaintext);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: full.account.id,
      name: full.account.name,
      company: "Acme B.V.",
      country: "NL",
      currency: "EUR",
      vat_number: "NL123",
      status: "active",
      credit_balance: "25.50",
      credit_currency: "EUR",
      role: "owner",
      permissions: null,
    });
    expect((await get("/account/balance", full.plaintext)).body).toEqual({ success: true, data: { balance: "25.50", currency: "EUR" } });
  });

  it("never shows another account: the key decides the tenant", async () => {
    const other = await customerWithKey(t.db, { credit: "999" });
    expect((await get("/account", other.plaintext)).body.data).toMatchObject({ id: other.account.id, credit_balance: "999.00" });
    expect((await get("/account", full.plaintext)).body.data).toMatchObject({ id: full.account.id, credit_balance: "25.50" });
  });
});

describe("project scope", () => {
  it("narrows an unbound key with X-Project-Id (id or slug) or ?project=", async () => {
    const staging = await t.db.project.create({ data: { accountId: full.account.id, name: "Staging", slug: "staging" } });
    const expected = { id: staging.id, slug: "staging", name: "Staging", bound: false };
    expect((await get("/", full.plaintext, { "x-project-id": "staging" })).body.data).toMatchObject({ project: expected });
    expect((await get("/", full.plaintext, { "x-project-id": staging.id })).body.data).toMatchObject({ project: expected });
    expect((await get("/?project=staging", full.plaintext)).body.data).toMatchObject({ project: expected });
    // the header wins over the query
    expect((await get("/?project=nope", full.plaintext, { "x-project-id": "staging" })).status).toBe(200);
  });

  it("answers 400 UNKNOWN_PROJECT for a project that is not the account's", async () => {
    const other = await makeCustomer(t.db);
    for (const ref of ["nope", other.project.id]) {
      const { status, body } = await get("/", full.plaintext, { "x-project-id": ref });
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: "UNKNOWN_PROJECT" });
    }
  });

  it("confines a bound key: its own project is fine, another is 403 PROJECT_SCOPE_MISMATCH", async () => {
    const prod = await t.db.project.create({ data: { accountId: full.account.id, name: "Production", slug: "prod" } });
    const bound = await mintCustomerKey(t.db, { accountId: full.account.id, userId: full.owner.id, projectId: prod.id });
    const identity = await get("/", bound.plaintext);
    expect(identity.body.data).toMatchObject({
      key: { project: { id: prod.id, slug: "prod", name: "Production" } },
      project: { id: prod.id, slug: "prod", name: "Production", bound: true },
    });
    expect((await get("/", bound.plaintext, { "x-project-id": "prod" })).status).toBe(200);
    const mismatch = await get("/", bound.plaintext, { "x-project-id": "default" });
    expect(mismatch.status).toBe(403);
    expect(mismatch.body).toMatchObject({ success: false, code: "PROJECT_SCOPE_MISMATCH" });
    expect((await get("/account?project=default", bound.plaintext)).body).toMatchObject({ code: "PROJECT_SCOPE_MISMATCH" });
  });
});

describe("operator switch", () => {
  it("answers 403 FEATURE_DISABLED on every route, docs included, while the customer API is off", async () => {
    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, customerApiEnabled: false }, update: { customerApiEnabled: false } });
    try {
      for (const path of ["/", "/account", "/openapi.json", "/docs", "/guide.md", "/unknown"]) {
        const { status, body } = await get(path, full.plaintext);
        expect(status, path).toBe(403);
        expect(body).toMatchObject({ success: false, code: "FEATURE_DISABLED" });
      }
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { customerApiEnabled: true } });
    }
    expect((await get("/", full.plaintext)).status).toBe(200);
  });
});
