import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeUser } from "@/lib/testing/factories";
import { DomainError } from "@/lib/errors/domain-error";
import { customerApi } from "./customer/dispatch";
import { defineEndpoint } from "./customer/define-endpoint";
import { createDispatcher } from "./dispatch";
import { MAX_BODY_BYTES } from "./read-body";
import { reply } from "./reply";
import { customerRequest, customerWithKey, mintCustomerKey, readJson } from "./testing/api-test-kit";

// The shared pipeline, exercised through the customer API's real authentication and envelope with
// a few endpoints that exist only here.

const seen: unknown[] = [];
const testEndpoints = [
  defineEndpoint({
    method: "POST",
    path: "/things",
    scope: "services",
    access: "services:power",
    status: 201,
    summary: "test",
    body: z.object({ name: z.string().min(1), size: z.number().int().optional() }),
    async handler({ body, auth }) {
      seen.push(body);
      return reply({ name: body.name, account: auth.accountId }, { message: "made" });
    },
  }),
  defineEndpoint({
    method: "GET",
    path: "/things/{thingId}",
    scope: "read",
    access: "services:view",
    summary: "test",
    query: z.object({ verbose: z.enum(["yes", "no"]).optional() }),
    async handler({ params, query }) {
      return { id: params.thingId, verbose: query.verbose ?? null };
    },
  }),
  defineEndpoint({
    method: "POST",
    path: "/rack-things",
    scope: "services",
    access: "services:power",
    module: "dedicated",
    summary: "test",
    async handler() {
      return { ok: true };
    },
  }),
  defineEndpoint({
    method: "POST",
    path: "/refusal",
    scope: "services",
    access: "services:power",
    summary: "test",
    async handler() {
      throw new DomainError("conflict", "Another disk job is running", { code: "CONFLICT" });
    },
  }),
  defineEndpoint({
    method: "GET",
    path: "/boom",
    scope: "read",
    access: "services:view",
    summary: "test",
    async handler(): Promise<never> {
      throw new Error("database on fire: secret detail");
    },
  }),
  defineEndpoint({
    method: "GET",
    path: "/drift",
    scope: "read",
    access: "services:view",
    summary: "test",
    response: z.object({ amount: z.string() }),
    async handler() {
      return { amount: 12 } as unknown as { amount: string };
    },
  }),
];

const dispatch = createDispatcher({ ...customerApi, endpoints: [...customerApi.endpoints, ...testEndpoints] });
let t: TestDb;
let owner: Awaited<ReturnType<typeof customerWithKey>>;
const call = async (request: Request) => readJson(await dispatch(request, { db: t.db }));

beforeAll(async () => {
  t = await createTestDb();
  owner = await customerWithKey(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe("request bodies", () => {
  it("refuses more than 1,048,576 bytes with 413 before authentication", async () => {
    const rawBody = `{"name":"x","pad":"${" ".repeat(MAX_BODY_BYTES)}"}`;
    expect(await call(customerRequest("POST", "/things", { rawBody }))).toEqual({
      status: 413,
      body: { success: false, error: "Request body too large", code: "PAYLOAD_TOO_LARGE" },
    });
  });

  it("accepts exactly 1,048,576 bytes", async () => {
    const head = '{"name":"big"}';
    const rawBody = head + " ".repeat(MAX_BODY_BYTES - head.length);
    expect(Buffer.byteLength(rawBody)).toBe(MAX_BODY_BYTES);
    expect((await call(customerRequest("POST", "/things", { key: owner.plaintext, rawBody }))).status).toBe(201);
  });

  it("answers INVALID_JSON (no details) to a body that is not JSON", async () => {
    for (const rawBody of ["{", '{"name":"x"} trailing', "NaN", '{"name":"\ud800"'])
      expect(await call(customerRequest("POST", "/things", { key: owner.plaintext, rawBody }))).toEqual({
        status: 400,
        body: { success: false, error: "Request body is not valid JSON", code: "INVALID_JSON" },
      });
  });

  it("refuses a body sent as something other than JSON", async () => {
    const { status, body } = await call(
      customerRequest("POST", "/things", { key: owner.plaintext, rawBody: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "Content-Type" }] });
  });

  it("validates against the schema, treats an empty body as {} and ignores unknown fields", async () => {
    expect(await call(customerRequest("POST", "/things", { key: owner.plaintext }))).toEqual({
      status: 400,
      body: { success: false, error: "Validation failed", code: "BAD_REQUEST", details: [{ field: "name", message: "Required" }] },
    });
    seen.length = 0;
    const made = await call(
      customerRequest("POST", "/things", {
        key: owner.plaintext,
        rawBody: '{"name":"web-1","accountId":"someone-else","__proto__":{"admin":true}}',
      }),
    );
    expect(made).toEqual({
      status: 201,
      body: { success: true, data: { name: "web-1", account: owner.account.id }, message: "made" },
    });
    expect(seen).toEqual([{ name: "web-1" }]);
  });
});

describe("order of checks", () => {
  it("authentication before validation, scope before validation", async () => {
    expect((await call(customerRequest("POST", "/things", { rawBody: "{" }))).body).toMatchObject({ code: "UNAUTHORIZED" });
    const readOnly = await mintCustomerKey(t.db, { accountId: owner.account.id, userId: owner.owner.id, scopes: ["read"] });
    expect((await call(customerRequest("POST", "/things", { key: readOnly.plaintext, rawBody: "{" }))).body).toMatchObject({
      code: "SCOPE_REQUIRED",
      scope: "services",
    });
  });

  it("validates path ids and query values before the handler runs", async () => {
    expect((await call(customerRequest("GET", "/things/123", { key: owner.plaintext }))).body).toEqual({
      success: false,
      error: "Malformed id: expected a UUID",
      code: "BAD_REQUEST",
      // the customer API spec Errors: the field is always `id`; the message names the parameter.
      details: [{ field: "id", message: "thingId: Must be a UUID" }],
    });
    const id = "9b2f4c1e-3a5d-4e6f-8a7b-0c1d2e3f4a5b";
    expect((await call(customerRequest("GET", `/things/${id}?verbose=yes&project=default`, { key: owner.plaintext }))).body).toEqual({
      success: true,
      data: { id, verbose: "yes" },
    });
    expect((await call(customerRequest("GET", `/things/${id}?verbose=maybe`, { key: owner.plaintext }))).body).toMatchObject({
      code: "BAD_REQUEST",
      details: [{ field: "verbose" }],
    });
  });
});

describe("account state and permissions", () => {
  it("keeps a suspended account read-only: 403 ACCOUNT_SUSPENDED on mutations", async () => {
    const c = await customerWithKey(t.db);
    await t.db.clientAccount.update({ where: { id: c.account.id }, data: { status: "suspended" } });
    expect((await call(customerRequest("GET", "/account", { key: c.plaintext }))).status).toBe(200);
    const refused = await call(customerRequest("POST", "/things", { key: c.plaintext, body: { name: "x" } }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: "ACCOUNT_SUSPENDED" });
  });

  it("re-checks a member's permission for the scope a mutation needs on every request", async () => {
    const user = await makeUser(t.db);
    const member = await t.db.teamMember.create({ data: { accountId: owner.account.id, userId: user.id, permissions: ["services.view", "services.power"] } });
    const k = await mintCustomerKey(t.db, { accountId: owner.account.id, userId: user.id, scopes: ["services"] });
    expect((await call(customerRequest("POST", "/things", { key: k.plaintext, body: { name: "m" } }))).status).toBe(201);
    await t.db.teamMember.update({ where: { id: member.id }, data: { permissions: ["services.view"] } });
    const refused = await call(customerRequest("POST", "/things", { key: k.plaintext, body: { name: "m" } }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "FORBIDDEN", error: expect.stringContaining("services.manage") });
  });
});

describe("operator module switches", () => {
  it("answers 403 FEATURE_DISABLED on an endpoint whose module is off", async () => {
    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, dedicatedEnabled: false }, update: { dedicatedEnabled: false } });
    try {
      expect(await call(customerRequest("POST", "/rack-things", { key: owner.plaintext }))).toEqual({
        status: 403,
        body: { success: false, error: "The dedicated server module is not available", code: "FEATURE_DISABLED" },
      });
      expect((await call(customerRequest("POST", "/things", { key: owner.plaintext, body: { name: "x" } }))).status).toBe(201);
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { dedicatedEnabled: true } });
    }
    expect((await call(customerRequest("POST", "/rack-things", { key: owner.plaintext }))).status).toBe(200);
  });
});

describe("failures", () => {
  it("maps a domain refusal to its status and keeps the sentence", async () => {
    expect(await call(customerRequest("POST", "/refusal", { key: owner.plaintext }))).toEqual({
      status: 409,
      body: { success: false, error: "Another disk job is running", code: "CONFLICT" },
    });
  });

  it("answers 500 INTERNAL_ERROR without leaking the exception", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { status, body } = await call(customerRequest("GET", "/boom", { key: owner.plaintext }));
      expect(status).toBe(500);
      expect(body).toEqual({ success: false, error: "Internal server error", code: "INTERNAL_ERROR" });
      expect(log).toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  it("catches an answer that drifted from its response schema (checked under tests)", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect((await call(customerRequest("GET", "/drift", { key: owner.plaintext }))).status).toBe(500);
      expect(String(log.mock.calls[0]?.[1])).toMatch(/does not match its response schema/);
      // off: the answer goes out as the handler made it
      const response = await dispatch(customerRequest("GET", "/drift", { key: owner.plaintext }), { db: t.db, checkResponses: false });
      expect(await response.json()).toEqual({ success: true, data: { amount: 12 } });
    } finally {
      log.mockRestore();
    }
  });

  it("answers 404 for paths outside the API's base path", async () => {
    expect((await call(new Request("http://rackfront.test/v10/account"))).status).toBe(404);
  });
});
