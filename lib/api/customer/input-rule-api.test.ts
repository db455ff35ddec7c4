import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { MAX_JSON_DEPTH } from "../input-rule";
import { customerRequest, customerWithKey, readJson, type RequestOptions } from "../testing/api-test-kit";
import { inputRuleCases } from "../testing/input-rule-cases";
import { dispatchCustomerApi } from "./dispatch";
import { customerRoutes } from "./routes";

// The input rule (docs/decisions.md#r9) through the customer API: no NUL or lone surrogate in any
// text, JSON nested at most MAX_JSON_DEPTH levels; 400 BAD_REQUEST naming the field, never 500.

let t: TestDb;
let owner: Awaited<ReturnType<typeof customerWithKey>>;
const send = async (method: string, path: string, options: RequestOptions = {}) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key: owner.plaintext, ...options }), { db: t.db }));

beforeAll(async () => {
  t = await createTestDb();
  owner = await customerWithKey(t.db);
  // Hundreds of requests from one key: keep the hourly limit out of the way.
  await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, customerHourlyLimit: 1_000_000 }, update: { customerHourlyLimit: 1_000_000 } });
});
afterAll(async () => {
  await t?.close();
});

/** What every refusal of the rule looks like in the customer envelope. */
const refusal = (field: string, message: RegExp | string) => ({
  status: 400,
  body: { success: false, code: "BAD_REQUEST", error: expect.stringContaining(field), details: [{ field, message: expect.stringMatching(message) }] },
});

describe("every customer endpoint, from the route table", () => {
  // customer-api.md Errors: a malformed path id is `details [{field: "id"}]` whichever id it is.
  const paramField = (name: string) => (name === "id" || name.endsWith("Id") ? "id" : name);
  const endpoints = customerRoutes.filter((e) => e.scope !== null && (e.body || e.query || e.paramNames.length > 0));

  it("covers the endpoints with a body or query schema", () => {
    expect(endpoints.filter((e) => e.body).length).toBeGreaterThanOrEqual(25);
    expect(endpoints.filter((e) => e.query).length).toBeGreaterThanOrEqual(10);
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}: 400 naming the field for a NUL or lone surrogate in each text field`, async () => {
      const cases = inputRuleCases(endpoint, { paramField });
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) {
        const answer = await send(endpoint.method, c.path, c.body === undefined ? {} : { body: c.body });
        // The customer envelope names a path id `id` and puts its own name in the message.
        expect(answer, c.name).toEqual(refusal(c.field, c.message));
      }
    });
  }
});

describe("the cases the probe found", () => {
  it("a NUL in a project name", async () => {
    expect(await send("POST", "/projects", { body: { name: "a\u0000b" } })).toEqual({
      status: 400,
      body: {
        success: false,
        code: "BAD_REQUEST",
        error: "Invalid text in name: must not contain the NUL character (U+0000)",
        details: [{ field: "name", message: "Must not contain the NUL character (U+0000)" }],
      },
    });
    expect(await send("PATCH", `/projects/${owner.project.id}`, { body: { description: "x\u0000" } })).toEqual(refusal("description", /NUL/));
  });

  it("a lone surrogate escaped in the JSON text", async () => {
    expect(await send("POST", "/projects", { rawBody: '{"name":"ok","description":"\\ud800"}' })).toEqual(refusal("description", /surrogate/));
    expect(await send("POST", "/projects", { rawBody: '{"name":"\\udfff"}' })).toEqual(refusal("name", /surrogate/));
    // A well-formed pair is text like any other.
    expect((await send("POST", "/projects", { rawBody: '{"name":"rocket \\ud83d\\ude80"}' })).status).toBe(201);
  });

  it("a NUL in a query value, in an undeclared query parameter and in ?project=", async () => {
    expect(await send("GET", "/orders?hostname=a%00b")).toEqual(refusal("hostname", /NUL/));
    expect(await send("GET", "/services?search=%00")).toEqual(refusal("search", /NUL/));
    expect(await send("GET", "/services?whatever=%00")).toEqual(refusal("whatever", /NUL/));
    expect(await send("GET", "/services?project=%00")).toEqual(refusal("project", /NUL/));
    expect(await send("GET", "/services?a%00=1")).toEqual(refusal("query", /Query parameter names/));
  });

  it(`a body nested deeper than ${MAX_JSON_DEPTH} levels is refused before anything walks it, however deep`, async () => {
    for (const levels of [MAX_JSON_DEPTH, 5_000, 100_000]) {
      const rawBody = `{"productId":"${owner.project.id}","configOptions":${'{"a":'.repeat(levels)}1${"}".repeat(levels)}}`;
      expect(await send("POST", "/orders", { rawBody }), `${levels} levels`).toEqual({
        status: 400,
        body: {
          success: false,
          code: "BAD_REQUEST",
          error: `Request body is nested deeper than ${MAX_JSON_DEPTH} levels (in configOptions)`,
          details: [{ field: "configOptions", message: `Nested deeper than ${MAX_JSON_DEPTH} levels of objects and arrays` }],
        },
      });
    }
    const arrays = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(await send("POST", "/projects", { rawBody: arrays })).toEqual(refusal("body", /Nested deeper/));
  });

  it(`${MAX_JSON_DEPTH} levels in all is still a body (its own braces count as the first)`, async () => {
    const levels = MAX_JSON_DEPTH - 1;
    const rawBody = `{"name":"deep","x":${"[".repeat(levels)}${"]".repeat(levels)}}`;
    expect((await send("POST", "/projects", { rawBody })).status).toBe(201);
  });

  it("keeps INVALID_JSON for text that is not JSON", async () => {
    expect(await send("POST", "/projects", { rawBody: '{"name":"a' })).toEqual({
      status: 400,
      body: { success: false, error: "Request body is not valid JSON", code: "INVALID_JSON" },
    });
  });
});
