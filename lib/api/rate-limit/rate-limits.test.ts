import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeUser } from "@/lib/testing/factories";
import { openDatabase } from "@/lib/db/adapter-factory";
import { createPrismaClient } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { dispatchCustomerApi } from "../customer/dispatch";
import { dispatchResellerApi } from "../reseller/dispatch";
import {
  customerRequest,
  customerWithKey,
  mintCustomerKey,
  mintResellerKey,
  resellerRequest,
  resellerWithKey,
  type ResellerRequestOptions,
} from "../testing/api-test-kit";
import { customerWindowOffsetMs, fixedHourWindow, unixSeconds } from "./windows";

// Both APIs' hourly windows through the real dispatchers, on an injected clock. The parallel tests
// are exact on PostgreSQL too: TEST_DATABASE_URL=postgres://… npx vitest run lib/api/rate-limit

let t: TestDb;
/** A second "server process" on PostgreSQL: its own client and connection pool on the same database. */
let second: { db: PrismaClient; close(): Promise<void> } | null = null;
const instance = (i: number) => (i % 2 && second ? second.db : t.db);
const clock = new Date("2026-04-01T10:20:30.000Z");
const at = (ms: number) => new Date(clock.getTime() + ms);

beforeAll(async () => {
  t = await createTestDb();
  if (t.url) {
    const opened = await openDatabase({ kind: "postgres", url: t.url });
    const db = createPrismaClient(opened);
    second = {
      db,
      close: async () => {
        await db.$disconnect();
        await opened.close();
      },
    };
  }
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const rl = (response: Response) => ({
  limit: response.headers.get("x-ratelimit-limit"),
  remaining: response.headers.get("x-ratelimit-remaining"),
  used: response.headers.get("x-ratelimit-used"),
  reset: response.headers.get("x-ratelimit-reset"),
  retryAfter: response.headers.get("retry-after"),
});

describe("customer API: fixed hour per key", () => {
  const LIMIT = 5;
  const call = (request: Request, now: Date = clock, db: PrismaClient = t.db) => dispatchCustomerApi(request, { db, clock: () => now });
  let c: Awaited<ReturnType<typeof customerWithKey>>;
  let window: { start: Date; reset: Date };

  beforeAll(async () => {
    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, customerHourlyLimit: LIMIT }, update: { customerHourlyLimit: LIMIT } });
  });
  beforeEach(async () => {
    c = await customerWithKey(t.db);
    window = fixedHourWindow(clock, customerWindowOffsetMs(c.key.id));
  });

  it("sends Limit, Remaining and Reset on every answer of an authenticated request, refusals included", async () => {
    const ok = await call(customerRequest("GET", "/account", { key: c.plaintext }));
    expect(ok.status).toBe(200);
    expect(rl(ok)).toEqual({ limit: "5", remaining: "4", used: null, reset: String(unixSeconds(window.reset)), retryAfter: null });

    const badProject = await call(customerRequest("GET", "/account", { key: c.plaintext, headers: { "x-project-id": "nope" } }));
    expect(badProject.status).toBe(400);
    expect(rl(badProject)).toMatchObject({ limit: "5", remaining: "3" });

    // Answers decided before authentication (unknown path, wrong method) or by it (401) carry none and count nothing.
    for (const response of [
      await call(customerRequest("GET", "/account/nothing", { key: c.plaintext })),
      await call(customerRequest("POST", "/account", { key: c.plaintext })),
      await call(customerRequest("GET", "/account", { key: c.plaintext.slice(0, -1) + (c.plaintext.endsWith("a") ? "b" : "a") })),
    ]) {
      expect([404, 405, 401]).toContain(response.status);
      expect(rl(response).limit).toBeNull();
    }
    expect(rl(await call(customerRequest("GET", "/account", { key: c.plaintext }))).remaining).toBe("2");
  });

  it("counts requests refused after authentication: a team member without the permission", async () => {
    const user = await makeUser(t.db);
    const member = await t.db.teamMember.create({ data: { accountId: c.account.id, userId: user.id, permissions: ["services.view"] } });
    const k = await mintCustomerKey(t.db, { accountId: c.account.id, userId: user.id });
    await t.db.teamMember.update({ where: { id: member.id }, data: { permissions: [] } });
    const offset = customerWindowOffsetMs(k.key.id);
    for (const remaining of ["4", "3"]) {
      const refused = await call(customerRequest("GET", "/services", { key: k.plaintext }));
      expect(refused.status).toBe(403);
      expect(rl(refused)).toMatchObject({ limit: "5", remaining, reset: String(unixSeconds(fixedHourWindow(clock, offset).reset)) });
    }
  });

  it("answers 429 RATE_LIMITED with Retry-After once the hour is used up, refused requests counted, until the window resets", async () => {
    const scopeless = await mintCustomerKey(t.db, { accountId: c.account.id, userId: c.owner.id, scopes: ["read"] });
    await t.db.customerApiKey.update({ where: { id: scopeless.key.id }, data: { scopes: [] } });
    window = fixedHourWindow(clock, customerWindowOffsetMs(scopeless.key.id));
    for (let i = 0; i < LIMIT; i++) {
      const refused = await call(customerRequest("GET", "/account", { key: scopeless.plaintext }));
      expect(refused.status).toBe(403);
      expect(rl(refused)).toMatchObject({ limit: "5", remaining: String(LIMIT - 1 - i) });
    }
    await t.db.customerApiKey.update({ where: { id: scopeless.key.id }, data: { scopes: ["read"] } });
    const limited = await call(customerRequest("GET", "/account", { key: scopeless.plaintext }));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      success: false,
      code: "RATE_LIMITED",
      error: expect.stringContaining("Hourly request limit of 5"),
    });
    const wait = Math.ceil((window.reset.getTime() - clock.getTime()) / 1000);
    expect(rl(limited)).toMatchObject({ limit: "5", remaining: "0", reset: String(unixSeconds(window.reset)), retryAfter: String(wait) });

    // Scope (403) still comes before the 429 (docs/decisions.md#d20), and validation after it.
    await t.db.customerApiKey.update({ where: { id: scopeless.key.id }, data: { scopes: [] } });
    expect((await call(customerRequest("GET", "/account", { key: scopeless.plaintext }))).status).toBe(403);
    await t.db.customerApiKey.update({ where: { id: scopeless.key.id }, data: { scopes: ["read"] } });
    expect((await call(customerRequest("GET", "/account", { key: scopeless.plaintext, headers: { "x-project-id": "nope" } }))).status).toBe(429);

    // the last millisecond of the window is still limited; its end starts a fresh hour
    const last = new Date(window.reset.getTime() - 1);
    expect((await call(customerRequest("GET", "/account", { key: scopeless.plaintext }), last)).status).toBe(429);
    const fresh = await call(customerRequest("GET", "/account", { key: scopeless.plaintext }), window.reset);
    expect(fresh.status).toBe(200);
    expect(rl(fresh)).toMatchObject({ limit: "5", remaining: "4", reset: String(unixSeconds(window.reset) + 3600) });
  });

  it("keeps one window per key: another key of the same account is unaffected", async () => {
    for (let i = 0; i <= LIMIT; i++) await call(customerRequest("GET", "/", { key: c.plaintext }));
    expect((await call(customerRequest("GET", "/", { key: c.plaintext }))).status).toBe(429);
    const other = await mintCustomerKey(t.db, { accountId: c.account.id, userId: c.owner.id });
    const response = await call(customerRequest("GET", "/", { key: other.plaintext }));
    expect(response.status).toBe(200);
    expect(rl(response).remaining).toBe("4");
  });

  it("reports the real window in GET / (the same figures as the headers)", async () => {
    await call(customerRequest("GET", "/account", { key: c.plaintext }));
    const response = await call(customerRequest("GET", "/", { key: c.plaintext }));
    const body = (await response.json()) as { data: { rate_limit: unknown } };
    expect(body.data.rate_limit).toEqual({ limit: LIMIT, remaining: 3, reset: unixSeconds(window.reset) });
    expect(rl(response)).toMatchObject({ limit: "5", remaining: "3", reset: String(unixSeconds(window.reset)) });
  });

  it("lets exactly the limit through when limit + N requests arrive at once (split over two processes on PostgreSQL)", async () => {
    const limit = 20;
    await t.db.platformSettings.update({ where: { id: 1 }, data: { customerHourlyLimit: limit } });
    try {
      const statuses = await Promise.all(
        Array.from({ length: limit + 12 }, async (_, i) => (await call(customerRequest("GET", "/", { key: c.plaintext }), clock, instance(i))).status),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(12);
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { customerHourlyLimit: LIMIT } });
    }
  });
});

describe("reseller API: sliding hour per key and per reseller", () => {
  const call = (request: Request, now: Date = clock, db: PrismaClient = t.db) => dispatchResellerApi(request, { db, clock: () => now });
  let r: Awaited<ReturnType<typeof resellerWithKey>>;
  const get = (key: string, now: Date = clock, db: PrismaClient = t.db) => call(resellerRequest("GET", "/customers", { key }), now, db);
  const post = (key: string, options: ResellerRequestOptions = {}, now: Date = clock) =>
    call(resellerRequest("POST", "/customers", { key, body: { externalCustomerId: `c-${Math.random()}` }, ...options }), now);

  beforeAll(async () => {
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, accountHourlyLimit: 50 }, update: { accountHourlyLimit: 50 } });
  });
  beforeEach(async () => {
    r = await resellerWithKey(t.db);
  });

  it("sends Limit, Remaining, Used and Reset (always an hour ahead) on every authenticated answer", async () => {
    const ok = await get(r.plaintext);
    expect(ok.status).toBe(200);
    expect(rl(ok)).toEqual({ limit: "50", remaining: "49", used: "1", reset: String(unixSeconds(clock) + 3600), retryAfter: null });

    const unsigned = await post(r.plaintext);
    expect(unsigned.status).toBe(401);
    expect(rl(unsigned)).toMatchObject({ used: "2", remaining: "48" });
    const readOnly = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] });
    const noScope = await post(readOnly.plaintext, { sign: { secret: r.secret, now: clock } });
    expect(noScope.status).toBe(403);
    expect(rl(noScope)).toMatchObject({ limit: "50", used: "3", remaining: "47" }); // the reseller-wide window has fewer left

    const badKey = await get(`rsk_${"A".repeat(8)}_${"b".repeat(64)}`);
    expect(badKey.status).toBe(401);
    expect(rl(badKey).limit).toBeNull();
    const later = await get(r.plaintext, at(1_234_567));
    expect(rl(later)).toMatchObject({ used: "4", reset: String(unixSeconds(at(1_234_567)) + 3600) });
  });

  it("refuses with exactly 429 Rate limit exceeded; scope and signature still come first", async () => {
    const key = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read", "customers"], hourlyLimit: 3 });
    for (let i = 0; i < 3; i++) expect((await get(key.plaintext)).status).toBe(200);
    const limited = await get(key.plaintext);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ success: false, error: "Rate limit exceeded" });
    expect(rl(limited)).toMatchObject({ limit: "3", remaining: "0", used: "4" });
    expect(Number(rl(limited).retryAfter)).toBe(61 * 60 - 30); // the 10:20 bucket leaves at 11:21:00; now is 10:20:30

    expect((await post(key.plaintext)).status).toBe(401); // unsigned: signature before rate limit
    const scoped = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"], hourlyLimit: 1 });
    await get(scoped.plaintext);
    expect((await post(scoped.plaintext, { sign: { secret: r.secret, now: clock } })).status).toBe(403);
    // signed and in scope, but over the limit: 429 before validation (the body is not even looked at)
    expect((await post(key.plaintext, { sign: { secret: r.secret, now: clock }, body: { nonsense: true } })).status).toBe(429);
  });

  it("holds a key to its own lower limit while the reseller's other keys go on", async () => {
    const low = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"], hourlyLimit: 2 });
    const first = await get(low.plaintext);
    expect(rl(first)).toMatchObject({ limit: "2", remaining: "1", used: "1" });
    await get(low.plaintext);
    expect((await get(low.plaintext)).status).toBe(429);
    const other = await get(r.plaintext);
    expect(other.status).toBe(200);
    // its own window: 49 left; the reseller's: 50 - 4 = 46 left → the reseller's is shown
    expect(rl(other)).toMatchObject({ limit: "50", remaining: "46", used: "4" });
  });

  it("never lets a key's limit exceed the reseller's", async () => {
    await t.db.resellerProfile.update({ where: { id: r.profile.id }, data: { hourlyLimit: 3 } });
    const high = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] });
    await t.db.resellerApiKey.update({ where: { id: high.key.id }, data: { hourlyLimit: 100 } });
    expect(rl(await get(high.plaintext))).toMatchObject({ limit: "3", remaining: "2" });
    await get(high.plaintext);
    await get(high.plaintext);
    expect((await get(high.plaintext)).status).toBe(429);
  });

  it("applies the reseller-wide ceiling across keys (the profile's limit, else the programme's)", async () => {
    await t.db.resellerProfile.update({ where: { id: r.profile.id }, data: { hourlyLimit: 4 } });
    const second = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"] });
    expect((await get(r.plaintext)).status).toBe(200);
    expect((await get(second.plaintext)).status).toBe(200);
    expect((await get(r.plaintext)).status).toBe(200);
    const fourth = await get(second.plaintext);
    expect(rl(fourth)).toMatchObject({ limit: "4", remaining: "0", used: "4" });
    const refused = await get(second.plaintext);
    expect(refused.status).toBe(429);
    expect((await get(r.plaintext)).status).toBe(429);
    // another reseller is not affected
    const other = await resellerWithKey(t.db);
    expect(rl(await get(other.plaintext))).toMatchObject({ limit: "50", used: "1" });
  });

  it("slides: a minute's requests leave the window 61 minutes after that minute began", async () => {
    await t.db.resellerProfile.update({ where: { id: r.profile.id }, data: { hourlyLimit: 3 } });
    const t0 = new Date("2026-04-01T10:00:10.000Z");
    const plus = (minutes: number, seconds = 0) => new Date(t0.getTime() - 10_000 + minutes * 60_000 + seconds * 1000);
    expect((await get(r.plaintext, t0)).status).toBe(200); // bucket 10:00
    expect((await get(r.plaintext, plus(30))).status).toBe(200); // bucket 10:30
    expect((await get(r.plaintext, plus(30, 59))).status).toBe(200); // bucket 10:30
    const full = await get(r.plaintext, plus(60, 59)); // 11:00:59: 10:00 still counted
    expect(full.status).toBe(429);
    // refused requests count: used 4 now; two must leave (10:00 and one of 10:30) → at 11:31
    expect(rl(full)).toMatchObject({ used: "4", retryAfter: String(30 * 60 + 1) });
    const freed = await get(r.plaintext, plus(61)); // 11:01: the 10:00 bucket has gone, the refusal at 11:00 has not
    expect(freed.status).toBe(429);
    expect(rl(freed)).toMatchObject({ used: "4" });
    const later = await get(r.plaintext, plus(91)); // 11:31: 10:30 gone; 11:00 (1) + 11:01 (1) + this one
    expect(later.status).toBe(200);
    expect(rl(later)).toMatchObject({ used: "3", remaining: "0" });
  });

  it("lets exactly the limit through in parallel, per key and reseller-wide (two processes on PostgreSQL)", async () => {
    const key = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["read"], hourlyLimit: 15 });
    const perKey = await Promise.all(Array.from({ length: 25 }, async (_, i) => (await get(key.plaintext, clock, instance(i))).status));
    expect(perKey.filter((s) => s === 200)).toHaveLength(15);
    expect(perKey.filter((s) => s === 429)).toHaveLength(10);

    const wide = await resellerWithKey(t.db);
    await t.db.resellerProfile.update({ where: { id: wide.profile.id }, data: { hourlyLimit: 20 } });
    const other = await mintResellerKey(t.db, { resellerId: wide.profile.id, scopes: ["read"] });
    const both = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => (await get(i % 3 ? wide.plaintext : other.plaintext, clock, instance(i))).status),
    );
    expect(both.filter((s) => s === 200)).toHaveLength(20);
    expect(both.filter((s) => s === 429)).toHaveLength(10);
  });
});
