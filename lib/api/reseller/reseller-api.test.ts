import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeProduct, makeService } from "@/lib/testing/factories";
import { RESELLER_API_KEY_SCOPES } from "@/lib/api-keys/reseller-api-key-scopes";
import { HTTP_METHODS } from "../define-endpoint";
import { MAX_BODY_BYTES } from "../read-body";
import { handleApiRequest } from "../handle-api-request";
import { createRouteTable } from "../route-table";
import { mintResellerKey, readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { dispatchResellerApi } from "./dispatch";
import { resellerRoutes } from "./routes";
import { signResellerRequest } from "./signature";

let t: TestDb;
const now = new Date("2026-05-04T08:30:00.000Z");
const nowS = String(Math.floor(now.getTime() / 1000));

const call = (request: Request, clock: () => Date = () => now) => dispatchResellerApi(request, { db: t.db, clock });
const send = async (method: string, path: string, options: ResellerRequestOptions = {}) =>
  readJson(await call(resellerRequest(method, path, options)));

let r: Awaited<ReturnType<typeof resellerWithKey>>;
/** Signed with the main reseller's key and secret. */
const signed = (method: string, path: string, options: ResellerRequestOptions = {}) =>
  send(method, path, { key: r.plaintext, sign: { secret: r.secret, now }, ...options });

beforeAll(async () => {
  t = await createTestDb();
  r = await resellerWithKey(t.db);
});

afterAll(async () => {
  await t?.close();
});

function pathOf(path: string, malformed?: string): string {
  return path.replace(/\{([A-Za-z0-9]+)\}/g, (_m, name: string) => (name === malformed ? "not-a-uuid" : `a${randomUUID().slice(1)}`));
}

describe("every declared reseller endpoint", () => {
  const table = createRouteTable(resellerRoutes);
  const authenticated = resellerRoutes.filter((e) => e.scope !== null);

  it("declares the routes this round promised, every mutation signed", () => {
    expect(resellerRoutes.map((e) => `${e.method} ${e.path}${e.signed ? " (signed)" : ""}`)).toEqual(
      expect.arrayContaining([
        "GET /customers",
        "POST /customers (signed)",
        "PUT /customers/{customerId} (signed)",
        "DELETE /customers/{customerId} (signed)",
        "GET /payment-methods",
        "PUT /payment-methods/{methodId}/default (signed)",
        "GET /openapi.json",
        "GET /docs",
        "GET /guide.md",
      ]),
    );
    for (const e of resellerRoutes) expect(e.signed, `${e.method} ${e.path}`).toBe(e.method !== "GET");
  });

  describe.each(authenticated.map((e) => [`${e.method} ${e.path}`, e] as const))("%s", (_name, endpoint) => {
    it("answers 401 Missing or invalid Authorization header without a key", async () => {
      const { status, body } = await send(endpoint.method, pathOf(endpoint.path), { body: {} });
      expect(status).toBe(401);
      expect(body).toEqual({ success: false, error: "Missing or invalid Authorization header" });
    });

    it("answers 403 naming the scope to a key without it, before looking at the signature", async () => {
      const lacking = RESELLER_API_KEY_SCOPES.filter((s) => s !== endpoint.scope);
      const { key, plaintext } = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: lacking });
      const { status, body } = await send(endpoint.method, pathOf(endpoint.path), { key: plaintext, body: {} });
      // Revoked at once: a reseller holds at most 20 unrevoked keys, and the table grows with every endpoint.
      await t.db.resellerApiKey.update({ where: { id: key.id }, data: { revokedAt: now } });
      expect(status).toBe(403);
      expect(body).toEqual({ success: false, error: `API key is missing the required scope: ${endpoint.scope}` });
    });

    it.runIf(endpoint.signed)("answers 401 to an unsigned request from a key holding the scope", async () => {
      const { status, body } = await send(endpoint.method, pathOf(endpoint.path), { key: r.plaintext, body: {} });
      expect(status).toBe(401);
      expect(body).toEqual({
        success: false,
        error: "Request signature required for this operation. Include X-Reseller-Signature header.",
      });
    });

    const uuidParams = endpoint.paramNames.filter((name) => !endpoint.params.shape[name]!.safeParse("not-a-uuid").success);
    it.runIf(uuidParams.length > 0).each(uuidParams)("answers 400 in the validation envelope naming %s when it is not a uuid", async (name) => {
      const { status, body } = await signed(endpoint.method, pathOf(endpoint.path, name), { body: {} });
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, error: { message: "Validation failed", details: [{ field: name, message: "Must be a UUID" }] } });
    });

    const other = HTTP_METHODS.find((m) => table.lookup(m, pathOf(endpoint.path)).kind === "method_not_allowed");
    it.runIf(other !== undefined)(`answers 405 to ${other} with Allow`, async () => {
      const response = await call(resellerRequest(other!, pathOf(endpoint.path), { key: r.plaintext }));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toContain(endpoint.method);
      expect(await response.json()).toMatchObject({ success: false });
    });
  });

  it("answers 404 in the reseller envelope to an unknown path", async () => {
    expect(await send("GET", "/no/such/thing", { key: r.plaintext })).toEqual({ status: 404, body: { success: false, error: "Not found" } });
    expect((await send("POST", "/no/such/thing")).status).toBe(404);
  });
});

describe("handleApiRequest", () => {
  it("sends /v1/reseller… to the reseller API, the rest of /v1… to the customer API, nothing else", async () => {
    const reseller = await handleApiRequest(new Request("http://rackfront.test/v1/reseller/nope"), { db: t.db });
    expect(await reseller!.json()).toEqual({ success: false, error: "Not found" });
    const customer = await handleApiRequest(new Request("http://rackfront.test/v1/nope"), { db: t.db });
    expect(await customer!.json()).toEqual({ success: false, error: "Not found", code: "NOT_FOUND" });
    expect(handleApiRequest(new Request("http://rackfront.test/healthz"))).toBeNull();
    expect(handleApiRequest(new Request("http://rackfront.test/v1reseller"))).toBeNull();
  });

  it("answers HEAD like GET", async () => {
    const response = await call(resellerRequest("HEAD", "/customers", { key: r.plaintext }));
    expect(response.status).toBe(200);
  });
});

describe("reseller key authentication", () => {
  it.each([
    ["no header", {}, "Missing or invalid Authorization header"],
    ["another scheme", { authorization: "Token abc" }, "Missing or invalid Authorization header"],
    ["two tokens", { authorization: "Bearer a b" }, "Missing or invalid Authorization header"],
    ["a customer key", { authorization: `Bearer rfk_abcdef01_${"a".repeat(96)}` }, "Invalid API key format"],
    ["a short prefix", { authorization: `Bearer rsk_ABCDEFG_${"a".repeat(64)}` }, "Invalid API key format"],
    ["a symbol in the secret", { authorization: `Bearer rsk_ABCDEFGH_${"a".repeat(63)}-` }, "Invalid API key format"],
    ["an unknown key", { authorization: `Bearer rsk_ZZZZZZZZ_${"a".repeat(64)}` }, "Invalid API key"],
  ])("%s → 401 %s", async (_label, headers, error) => {
    expect(await send("GET", "/customers", { headers })).toEqual({ status: 401, body: { success: false, error } });
  });

  it("answers the one indistinguishable 'Invalid API key' for a wrong secret, revoked, expired keys and inactive profiles", async () => {
    const wrong = r.plaintext.slice(0, -1) + (r.plaintext.endsWith("a") ? "b" : "a");
    expect((await send("GET", "/customers", { key: wrong })).body).toEqual({ success: false, error: "Invalid API key" });

    const revoked = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] });
    await t.db.resellerApiKey.update({ where: { id: revoked.key.id }, data: { revokedAt: now } });
    expect((await send("GET", "/customers", { key: revoked.plaintext })).body).toEqual({ success: false, error: "Invalid API key" });

    const expiring = await mintResellerKey(t.db, { resellerId: r.profile.id, expiresAt: new Date(now.getTime() + 1000) }, { now });
    expect((await send("GET", "/customers", { key: expiring.plaintext })).status).toBe(200);
    const later = await readJson(await call(resellerRequest("GET", "/customers", { key: expiring.plaintext }), () => new Date(now.getTime() + 1000)));
    expect(later).toEqual({ status: 401, body: { success: false, error: "Invalid API key" } });

    for (const status of ["pending", "suspended", "closed"] as const) {
      const other = await resellerWithKey(t.db, { status });
      expect(await send("GET", "/customers", { key: other.plaintext }), status).toEqual({
        status: 401,
        body: { success: false, error: "Invalid API key" },
      });
    }
  });

  it("answers the feature gate shape on every route, docs included, while the programme is off", async () => {
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, enabled: false }, update: { enabled: false } });
    try {
      for (const path of ["/customers", "/openapi.json", "/guide.md", "/nope"]) {
        expect(await send("GET", path, { key: r.plaintext }), path).toEqual({
          status: 403,
          body: { error: "Feature not available", message: "The reseller programme is not enabled on this platform", code: "FEATURE_DISABLED" },
        });
      }
    } finally {
      await t.db.resellerProgramme.update({ where: { id: 1 }, data: { enabled: true } });
    }
  });
});

describe("signed requests through the dispatcher", () => {
  const body = { externalCustomerId: "sig-1" };

  it("accepts second and millisecond timestamps inside ±300 s and refuses them outside", async () => {
    const at = (offsetMs: number, ms: boolean) => {
      const t0 = now.getTime() + offsetMs;
      return ms ? String(t0) : String(Math.floor(t0 / 1000));
    };
    for (const [offset, ms, status] of [
      [-300_000, false, 200],
      [300_000, false, 200],
      [-301_000, false, 401],
      [301_000, false, 401],
      [-300_000, true, 200],
      [300_001, true, 401],
    ] as const) {
      const ts = at(offset, ms);
      const result = await send("POST", "/customers", { key: r.plaintext, body, sign: { secret: r.secret, timestamp: ts } });
      expect(result.status, `${offset} ${ms ? "ms" : "s"}`).toBe(status);
      if (status === 401) expect(result.body).toEqual({ success: false, error: "Request timestamp outside the allowed window" });
    }
  });

  it("signs the raw body alone when no timestamp is sent", async () => {
    expect((await send("POST", "/customers", { key: r.plaintext, body, sign: { secret: r.secret, timestamp: null } })).status).toBe(200);
  });

  it("verifies the exact bytes sent and still accepts the deprecated re-serialised form", async () => {
    const raw = '{ "externalCustomerId" : "sig-raw",\n  "externalCustomerName": "caf\\u00e9" }';
    expect((await send("POST", "/customers", { key: r.plaintext, rawBody: raw, sign: { secret: r.secret, now } })).status).toBe(200);
    const legacy = signResellerRequest({ signingSecret: r.secret, timestamp: nowS, body: JSON.stringify(JSON.parse(raw)) });
    const headers = { "x-reseller-timestamp": nowS, "x-reseller-signature": legacy };
    expect((await send("POST", "/customers", { key: r.plaintext, rawBody: raw, headers })).status).toBe(200);
    const pretty = signResellerRequest({ signingSecret: r.secret, timestamp: nowS, body: JSON.stringify(JSON.parse(raw), null, 1) });
    expect(await send("POST", "/customers", { key: r.plaintext, rawBody: raw, headers: { ...headers, "x-reseller-signature": pretty } })).toEqual({
      status: 401,
      body: { success: false, error: "Invalid signature" },
    });
  });

  it("accepts a body-less DELETE signed over `<ts>.` or `<ts>.{}`", async () => {
    for (const signedBody of ["", "{}"]) {
      const c = await t.db.resellerCustomer.create({ data: { resellerId: r.profile.id, externalCustomerId: `empty-${signedBody.length}` } });
      const headers = {
        "x-reseller-timestamp": nowS,
        "x-reseller-signature": signResellerRequest({ signingSecret: r.secret, timestamp: nowS, body: signedBody }),
      };
      expect((await send("DELETE", `/customers/${c.id}`, { key: r.plaintext, headers })).status).toBe(200);
    }
  });

  it("refuses a bad header format (400), a bad timestamp (400), a wrong secret and a non-hex value (401)", async () => {
    const good = signResellerRequest({ signingSecret: r.secret, timestamp: nowS, body: JSON.stringify(body) });
    const attempt = (headers: Record<string, string>) => send("POST", "/customers", { key: r.plaintext, body, headers });
    expect(await attempt({ "x-reseller-timestamp": nowS, "x-reseller-signature": good.replace("hmac-sha256=", "sha256=") })).toEqual({
      status: 400,
      body: { success: false, error: "Invalid signature format" },
    });
    expect(await attempt({ "x-reseller-timestamp": "yesterday", "x-reseller-signature": good })).toEqual({
      status: 400,
      body: { success: false, error: "Invalid X-Reseller-Timestamp" },
    });
    const other = signResellerRequest({ signingSecret: "f".repeat(64), timestamp: nowS, body: JSON.stringify(body) });
    expect(await attempt({ "x-reseller-timestamp": nowS, "x-reseller-signature": other })).toEqual({
      status: 401,
      body: { success: false, error: "Invalid signature" },
    });
    expect((await attempt({ "x-reseller-timestamp": nowS, "x-reseller-signature": good.toUpperCase().replace("HMAC-SHA256", "hmac-sha256") })).body).toEqual({
      success: false,
      error: "Invalid signature",
    });
    // a signature for one body does not carry over to another
    expect((await send("POST", "/customers", { key: r.plaintext, body: { externalCustomerId: "sig-2" }, headers: { "x-reseller-timestamp": nowS, "x-reseller-signature": good } })).status).toBe(401);
  });

  it("keeps the order of checks: body size, authentication, scope, signature, validation", async () => {
    const big = `{"externalCustomerId":"x","pad":"${" ".repeat(MAX_BODY_BYTES)}"}`;
    expect(await send("POST", "/customers", { rawBody: big })).toEqual({ status: 413, body: { success: false, error: "Request body too large" } });
    expect((await send("POST", "/customers", { rawBody: "{nope" })).status).toBe(401);
    const readOnly = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] });
    expect((await send("POST", "/customers", { key: readOnly.plaintext, rawBody: "{nope" })).status).toBe(403);
    expect((await send("POST", "/customers", { key: r.plaintext, rawBody: "{nope" })).status).toBe(401);
    expect(await signed("POST", "/customers", { rawBody: "{nope" })).toEqual({
      status: 400,
      body: { success: false, error: { message: "Validation failed", details: [{ field: "body", message: "Request body is not valid JSON" }] } },
    });
  });

  it("treats a signed body without a JSON content type as a validation error", async () => {
    const raw = JSON.stringify(body);
    expect(await signed("POST", "/customers", { rawBody: raw, headers: { "content-type": "text/plain" } })).toEqual({
      status: 400,
      body: { success: false, error: { message: "Validation failed", details: [{ field: "Content-Type", message: "Send request bodies as application/json" }] } },
    });
  });
});

describe("customer records", () => {
  it("POST creates, then returns the existing record unchanged for the same externalCustomerId", async () => {
    const first = await signed("POST", "/customers", {
      body: { externalCustomerId: "cust-100", externalCustomerEmail: "ada@example.com", externalCustomerName: "Ada", resellerId: randomUUID() },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      message: "Customer created",
      data: {
        reseller_id: r.profile.id,
        external_customer_id: "cust-100",
        external_customer_email: "ada@example.com",
        external_customer_name: "Ada",
        metadata: {},
      },
    });
    expect((first.body.data as Record<string, unknown>).service_count).toBeUndefined();
    const again = await signed("POST", "/customers", { body: { externalCustomerId: "cust-100", externalCustomerName: "Someone else" } });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await t.db.resellerCustomer.count({ where: { resellerId: r.profile.id, externalCustomerId: "cust-100" } })).toBe(1);
  });

  it("POST creates one record when the same externalCustomerId arrives several times at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => signed("POST", "/customers", { body: { externalCustomerId: "race-1", externalCustomerName: `n${i}` } })),
    );
    expect(results.map((x) => x.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((x) => (x.body.data as { id: string }).id)).size).toBe(1);
    expect(results.filter((x) => x.body.message === "Customer created")).toHaveLength(1);
    expect(await t.db.resellerCustomer.count({ where: { resellerId: r.profile.id, externalCustomerId: "race-1" } })).toBe(1);
  });

  it("POST validates its body and names the fields", async () => {
    const refused = async (payload: unknown) => (await signed("POST", "/customers", { body: payload })).body.error as { details: { field: string }[] };
    expect((await refused({})).details).toEqual([{ field: "externalCustomerId", message: "Required" }]);
    expect((await refused({ externalCustomerId: "x".repeat(101) })).details[0]!.field).toBe("externalCustomerId");
    expect((await refused({ externalCustomerId: "ok", externalCustomerEmail: "not an email" })).details[0]!.field).toBe("externalCustomerEmail");
    expect((await refused([1, 2])).details[0]!.field).toBe("body");
  });

  it("GET lists the reseller's own records with page pagination, service_count and search", async () => {
    const other = await resellerWithKey(t.db);
    await t.db.resellerCustomer.create({ data: { resellerId: other.profile.id, externalCustomerId: "theirs-1", name: "Findme Theirs" } });
    const mine = await t.db.resellerCustomer.create({ data: { resellerId: r.profile.id, externalCustomerId: "list-1", name: "Findme Mine", email: "m@x.test" } });
    const product = await makeProduct(t.db);
    for (const status of ["active", "terminated"] as const) {
      const s = await makeService(t.db, { accountId: r.account.id, productId: product.id, status });
      await t.db.service.update({ where: { id: s.id }, data: { resellerCustomerId: mine.id } });
    }

    const found = await send("GET", "/customers?search=findme", { key: r.plaintext });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([expect.objectContaining({ id: mine.id, external_customer_id: "list-1", service_count: "2" })]);
    expect(found.body.pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });
    expect((await send("GET", "/customers?search=M@X.TEST", { key: r.plaintext })).body.data).toHaveLength(1);

    const total = await t.db.resellerCustomer.count({ where: { resellerId: r.profile.id } });
    const page2 = await send("GET", "/customers?page=2&limit=1", { key: r.plaintext });
    expect(page2.body.pagination).toEqual({ page: 2, limit: 1, total, totalPages: total });
    expect(page2.body.data).toHaveLength(1);

    const all = await send("GET", "/customers?limit=100", { key: r.plaintext });
    expect((all.body.data as { reseller_id: string }[]).every((c) => c.reseller_id === r.profile.id)).toBe(true);
  });

  it.each([["limit=101", "limit"], ["limit=0", "limit"], ["page=0", "page"], ["limit=abc", "limit"], ["limit=5&limit=6", "limit"]])(
    "GET ?%s → 400 naming %s (docs/decisions.md#d6)",
    async (qs, field) => {
      const { status, body } = await send("GET", `/customers?${qs}`, { key: r.plaintext });
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, error: { message: "Validation failed", details: [{ field }] } });
    },
  );

  it("a customer-bound key lists only its customer, without service_count", async () => {
    const c = await t.db.resellerCustomer.create({ data: { resellerId: r.profile.id, externalCustomerId: "bound-1" } });
    const bound = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read", "orders"], customerId: c.id });
    const { body } = await send("GET", "/customers", { key: bound.plaintext });
    expect(body.data).toEqual([expect.objectContaining({ id: c.id })]);
    expect((body.data as Record<string, unknown>[])[0]!.service_count).toBeUndefined();
    expect(body.pagination).toMatchObject({ total: 1 });
  });

  it("PUT changes only the fields sent, null clears, metadata is replaced wholesale", async () => {
    const c = await t.db.resellerCustomer.create({
      data: { resellerId: r.profile.id, externalCustomerId: "put-1", email: "a@x.test", name: "A", metadata: { tier: "gold", keep: 1 } },
    });
    const renamed = await signed("PUT", `/customers/${c.id}`, { body: { externalCustomerName: "B" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      message: "Customer updated",
      data: { external_customer_name: "B", external_customer_email: "a@x.test", metadata: { tier: "gold", keep: 1 } },
    });
    const replaced = await signed("PUT", `/customers/${c.id}`, { body: { externalCustomerEmail: null, metadata: { plan: "x" } } });
    expect(replaced.body.data).toMatchObject({ external_customer_name: "B", external_customer_email: null, metadata: { plan: "x" } });
    expect((await signed("PUT", `/customers/${c.id}`, { body: { metadata: [1] } })).status).toBe(400);
  });

  it("PUT and DELETE answer 404 Customer not found for another reseller's record or an unknown id", async () => {
    const other = await resellerWithKey(t.db);
    const theirs = await t.db.resellerCustomer.create({ data: { resellerId: other.profile.id, externalCustomerId: "theirs-2", name: "T" } });
    for (const id of [theirs.id, randomUUID()]) {
      expect(await signed("PUT", `/customers/${id}`, { body: { externalCustomerName: "pwned" } })).toEqual({
        status: 404,
        body: { success: false, error: "Customer not found" },
      });
      expect(await signed("DELETE", `/customers/${id}`)).toEqual({ status: 404, body: { success: false, error: "Customer not found" } });
    }
    expect(await t.db.resellerCustomer.findUnique({ where: { id: theirs.id } })).toMatchObject({ name: "T" });
  });

  it("DELETE is refused with the exact sentence while services are not terminated or cancelled", async () => {
    const c = await t.db.resellerCustomer.create({ data: { resellerId: r.profile.id, externalCustomerId: "del-live" } });
    const product = await makeProduct(t.db);
    for (const status of ["active", "suspended", "terminated", "cancelled"] as const) {
      const s = await makeService(t.db, { accountId: r.account.id, productId: product.id, status });
      await t.db.service.update({ where: { id: s.id }, data: { resellerCustomerId: c.id } });
    }
    expect(await signed("DELETE", `/customers/${c.id}`)).toEqual({
      status: 400,
      body: { success: false, error: "Cannot delete a customer with 2 non-terminated service(s); terminate them first" },
    });
    expect(await t.db.resellerCustomer.findUnique({ where: { id: c.id } })).not.toBeNull();
  });

  it("DELETE detaches history and revokes keys bound to the customer", async () => {
    const c = await t.db.resellerCustomer.create({ data: { resellerId: r.profile.id, externalCustomerId: "del-ok" } });
    const product = await makeProduct(t.db);
    const s = await makeService(t.db, { accountId: r.account.id, productId: product.id, status: "terminated" });
    await t.db.service.update({ where: { id: s.id }, data: { resellerCustomerId: c.id } });
    const order = await t.db.order.create({
      data: {
        orderNumber: `ORD-${randomUUID().slice(0, 8)}`,
        accountId: r.account.id,
        resellerId: r.profile.id,
        resellerCustomerId: c.id,
        currency: "EUR",
        baseCurrency: "EUR",
        baseAmount: "10",
        amount: "10",
        total: "10",
      },
    });
    const bound = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"], customerId: c.id });
    expect((await send("GET", "/customers", { key: bound.plaintext })).status).toBe(200);

    expect(await signed("DELETE", `/customers/${c.id}`)).toEqual({
      status: 200,
      body: { success: true, data: { id: c.id, deleted: true, revokedKeys: 1 }, message: "Customer deleted" },
    });
    expect(await t.db.resellerCustomer.findUnique({ where: { id: c.id } })).toBeNull();
    expect(await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ resellerCustomerId: null });
    expect(await t.db.service.findUniqueOrThrow({ where: { id: s.id } })).toMatchObject({ resellerCustomerId: null, status: "terminated" });
    expect((await t.db.resellerApiKey.findUniqueOrThrow({ where: { id: bound.key.id } })).revokedAt).not.toBeNull();
    expect((await send("GET", "/customers", { key: bound.plaintext })).body).toEqual({ success: false, error: "Invalid API key" });
  });
});

describe("payment methods", () => {
  const card = (accountId: string, label: string, isDefault = false) =>
    t.db.paymentMethod.create({
      data: { accountId, label, cardBrand: "visa", cardLastFour: label.slice(-4), gatewayToken: `tok_${randomUUID()}`, isDefault },
    });

  it("GET lists the account's methods, default first, without gateway tokens, and needs the account scope", async () => {
    const a = await card(r.account.id, "Visa 4242", true);
    const b = await card(r.account.id, "Visa 1881");
    const { status, body } = await send("GET", "/payment-methods", { key: r.plaintext });
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { id: a.id, type: "card", label: "Visa 4242", cardBrand: "visa", cardLastFour: "4242", isDefault: true, lastUsedAt: null },
      { id: b.id, type: "card", label: "Visa 1881", cardBrand: "visa", cardLastFour: "1881", isDefault: false, lastUsedAt: null },
    ]);
    expect(JSON.stringify(body)).not.toContain("tok_");
    const readOnly = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] });
    expect((await send("GET", "/payment-methods", { key: readOnly.plaintext })).body).toEqual({
      success: false,
      error: "API key is missing the required scope: account",
    });
  });

  it("PUT …/default moves the default; another account's method is 404", async () => {
    const methods = await t.db.paymentMethod.findMany({ where: { accountId: r.account.id }, orderBy: { createdAt: "asc" } });
    const target = methods.find((m) => !m.isDefault)!;
    const { status, body } = await signed("PUT", `/payment-methods/${target.id}/default`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, data: { id: target.id, isDefault: true }, message: "Default payment method updated" });
    const defaults = await t.db.paymentMethod.findMany({ where: { accountId: r.account.id, isDefault: true } });
    expect(defaults.map((m) => m.id)).toEqual([target.id]);

    const other = await resellerWithKey(t.db);
    const theirs = await card(other.account.id, "Visa 0005", true);
    expect(await signed("PUT", `/payment-methods/${theirs.id}/default`)).toEqual({
      status: 404,
      body: { success: false, error: "Payment method not found" },
    });
    expect(await t.db.paymentMethod.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ isDefault: true });
  });
});
