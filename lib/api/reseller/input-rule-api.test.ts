import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeProduct } from "@/lib/testing/factories";
import { MAX_JSON_DEPTH } from "../input-rule";
import { readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { inputRuleCases } from "../testing/input-rule-cases";
import { dispatchResellerApi } from "./dispatch";
import { resellerRoutes } from "./routes";

// The input rule (docs/decisions.md#r9) through the reseller API: no NUL or lone surrogate in any
// text, JSON nested at most MAX_JSON_DEPTH levels; 400 in the validation envelope naming the
// field, never 500.

let t: TestDb;
let r: Awaited<ReturnType<typeof resellerWithKey>>;
/** Signed when the method is a mutation, as the reseller API wants. */
const send = async (method: string, path: string, options: ResellerRequestOptions = {}) =>
  readJson(
    await dispatchResellerApi(resellerRequest(method, path, { key: r.plaintext, ...(method === "GET" ? {} : { sign: { secret: r.secret } }), ...options }), {
      db: t.db,
    }),
  );

beforeAll(async () => {
  t = await createTestDb();
  r = await resellerWithKey(t.db);
});
afterAll(async () => {
  await t?.close();
});

const refusal = (field: string, message: RegExp | string) => ({
  status: 400,
  body: { success: false, error: { message: "Validation failed", details: [{ field, message: expect.stringMatching(message) }] } },
});

describe("every reseller endpoint, from the route table", () => {
  const endpoints = resellerRoutes.filter((e) => e.scope !== null && (e.body || e.query || e.paramNames.length > 0));

  it("covers the endpoints with a body or query schema", () => {
    expect(endpoints.filter((e) => e.body).length).toBeGreaterThanOrEqual(15);
    expect(endpoints.filter((e) => e.query).length).toBeGreaterThanOrEqual(5);
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}: 400 naming the field for a NUL or lone surrogate in each text field`, async () => {
      const cases = inputRuleCases(endpoint);
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) {
        const answer = await send(endpoint.method, c.path, c.body === undefined ? {} : { body: c.body });
        expect(answer, c.name).toEqual(refusal(c.field, c.message));
      }
    });
  }
});

describe("the cases the probe found", () => {
  let customerId: string;
  let productId: string;
  beforeAll(async () => {
    const created = await send("POST", "/customers", { body: { externalCustomerId: "probe-1", externalCustomerName: "Probe" } });
    expect(created.status).toBe(200);
    customerId = (created.body.data as { id: string }).id;
    productId = (await makeProduct(t.db)).id;
  });

  it("a NUL in a customer's externalCustomerName and externalCustomerId", async () => {
    expect(await send("POST", "/customers", { body: { externalCustomerId: "c-2", externalCustomerName: "a\u0000b" } })).toEqual({
      status: 400,
      body: { success: false, error: { message: "Validation failed", details: [{ field: "externalCustomerName", message: "Must not contain the NUL character (U+0000)" }] } },
    });
    expect(await send("POST", "/customers", { body: { externalCustomerId: "c\u0000" } })).toEqual(refusal("externalCustomerId", /NUL/));
  });

  it("a NUL or lone surrogate in an order's externalOrderId", async () => {
    const order = { productId, billingCycle: "monthly", externalCustomerId: "probe-1" };
    expect(await send("POST", "/orders", { body: { ...order, externalOrderId: "ord\u0000" } })).toEqual(refusal("externalOrderId", /NUL/));
    expect(await send("POST", "/orders", { rawBody: JSON.stringify({ ...order, externalOrderId: "x" }).replace('"x"', '"\\ud800"') })).toEqual(
      refusal("externalOrderId", /surrogate/),
    );
  });

  it("a NUL or lone surrogate in a customer's metadata, as a value or a key", async () => {
    const path = `/customers/${customerId}`;
    expect(await send("PUT", path, { body: { metadata: { note: "a\u0000b" } } })).toEqual(refusal("metadata.note", /NUL/));
    expect(await send("PUT", path, { rawBody: '{"metadata":{"note":["ok","\\udc00"]}}' })).toEqual(refusal("metadata.note.1", /surrogate/));
    expect(await send("PUT", path, { body: { metadata: { "k\u0000": "v" } } })).toEqual(refusal("metadata", /Field names must not contain the NUL/));
    // What is allowed still is.
    expect(await send("PUT", path, { body: { metadata: { note: "tab\t and \ud83d\ude80" } } })).toMatchObject({ status: 200 });
  });

  it("a NUL in a query value", async () => {
    expect(await send("GET", "/orders?externalOrderId=a%00b")).toEqual(refusal("externalOrderId", /NUL/));
    expect(await send("GET", "/customers?search=%00")).toEqual(refusal("search", /NUL/));
  });

  it(`metadata nested 5,000 levels and configuration nested 100,000: refused at ${MAX_JSON_DEPTH} before anything walks them`, async () => {
    const deepMetadata = `{"metadata":{"a":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}}`;
    const tooDeep = (field: string) => ({
      status: 400,
      body: { success: false, error: { message: "Validation failed", details: [{ field, message: `Nested deeper than ${MAX_JSON_DEPTH} levels of objects and arrays` }] } },
    });
    expect(await send("PUT", `/customers/${customerId}`, { rawBody: deepMetadata })).toEqual(tooDeep("metadata"));
    const deepConfiguration = `{"productId":"${productId}","billingCycle":"monthly","configuration":{"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}}`;
    expect(await send("POST", "/orders", { rawBody: deepConfiguration })).toEqual(tooDeep("configuration"));
  });
});
