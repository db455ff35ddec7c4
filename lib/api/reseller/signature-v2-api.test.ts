import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deleteExpiredResellerSignatureUses } from "@/lib/api-keys/reseller-signature-uses";
import { updateResellerApiKey } from "@/lib/api-keys/update-reseller-api-key";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { mintResellerKey, readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { dispatchResellerApi } from "./dispatch";
import { SIGNATURE_MESSAGES } from "./signature";

// Signature v2 through the dispatcher (docs/decisions.md#r16): what it binds, the replay cache in
// the database, and the per-key settings set through the domain and through the portal's action.

const session = vi.hoisted(() => ({ userId: "" }));
vi.mock("@/auth", () => ({ auth: async () => ({ user: { id: session.userId, name: "", email: "" } }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

let t: TestDb;
const now = new Date("2026-05-04T08:30:00.000Z");
const ms = (offset = 0) => String(now.getTime() + offset);

let r: Awaited<ReturnType<typeof resellerWithKey>>;

const call = (request: Request, clock: () => Date = () => now) => dispatchResellerApi(request, { db: t.db, clock });
const send = async (method: string, path: string, options: ResellerRequestOptions = {}, clock?: () => Date) =>
  readJson(await call(resellerRequest(method, path, options), clock));
/** A v2-signed request of the main key, millisecond timestamp `ts`. */
const v2 = (method: string, path: string, options: ResellerRequestOptions & { ts?: string; key?: string } = {}) =>
  send(method, path, { key: r.plaintext, ...options, sign: { secret: r.secret, timestamp: options.ts ?? ms(), version: "v2" } });

/** The headers of a signed request, to be sent again elsewhere (what a captured request gives an attacker). */
function capture(method: string, path: string, options: ResellerRequestOptions): Record<string, string> {
  const request = resellerRequest(method, path, options);
  const out: Record<string, string> = {};
  for (const name of ["x-reseller-signature", "x-reseller-timestamp"]) {
    const value = request.headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

const customer = (id: string) => ({ externalCustomerId: id, externalCustomerEmail: `${id}@example.com` });
const replayed = { status: 401, body: { success: false, error: SIGNATURE_MESSAGES.replayed } };
const invalid = { status: 401, body: { success: false, error: "Invalid signature" } };

beforeAll(async () => {
  t = await createTestDb();
  r = await resellerWithKey(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe("a v2 signature", () => {
  it("is accepted once: the same request again is refused with its own sentence, and the use is recorded for the reseller", async () => {
    const ts = ms(1);
    const first = await v2("POST", "/customers", { body: customer("v2-once"), ts });
    expect(first).toMatchObject({ status: 200, body: { success: true, data: { external_customer_id: "v2-once" } } });
    expect(await v2("POST", "/customers", { body: customer("v2-once"), ts })).toEqual(replayed);
    expect(replayed.body.error).toBe("This signature has already been used: sign every request afresh with a new X-Reseller-Timestamp");

    const uses = await t.db.resellerSignatureUse.findMany({ where: { resellerId: r.profile.id, keyId: r.key.id } });
    expect(uses).toHaveLength(1);
    expect(uses[0]!.signature).toMatch(/^[0-9a-f]{64}$/);
    // kept while its timestamp is inside the window, no longer
    expect(uses[0]!.expiresAt).toEqual(new Date(Number(ts) + 300_000));

    // signed afresh, a millisecond later: a new signature, accepted
    expect((await v2("POST", "/customers", { body: customer("v2-once"), ts: ms(2) })).status).toBe(200);
  });

  it("two identical requests at once: exactly one passes, the other is refused as a replay", async () => {
    for (let round = 0; round < 3; round++) {
      const ts = ms(100 + round);
      const answers = await Promise.all([0, 1].map(() => v2("POST", "/customers", { body: customer(`v2-parallel-${round}`), ts })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
      expect(answers.find((a) => a.status === 401)).toEqual(replayed);
    }
    const many = await Promise.all(Array.from({ length: 8 }, () => v2("POST", "/customers", { body: customer("v2-parallel-8"), ts: ms(200) })));
    expect(many.filter((a) => a.status === 200)).toHaveLength(1);
    expect(many.filter((a) => a.status === 401)).toHaveLength(7);
  });

  it("is spent for every key of the reseller: another key cannot replay it", async () => {
    const other = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["customers"] });
    const headers = capture("POST", "/customers", { key: r.plaintext, body: customer("v2-cross"), sign: { secret: r.secret, timestamp: ms(300), version: "v2" } });
    expect((await send("POST", "/customers", { key: r.plaintext, body: customer("v2-cross"), headers })).status).toBe(200);
    expect(await send("POST", "/customers", { key: other.plaintext, body: customer("v2-cross"), headers })).toEqual(replayed);
  });

  it("binds the path: headers captured on one request do not pass on another path, or with another query", async () => {
    const a = randomUUID();
    const b = randomUUID();
    const headers = capture("DELETE", `/customers/${a}`, { sign: { secret: r.secret, timestamp: ms(400), version: "v2" } });
    expect(await send("DELETE", `/customers/${b}`, { key: r.plaintext, headers })).toEqual(invalid);
    expect(await send("DELETE", `/customers/${a}?force=1`, { key: r.plaintext, headers })).toEqual(invalid);
    // the signature was not spent by those refusals: the request it was made for still passes it (404: no such customer)
    expect(await send("DELETE", `/customers/${a}`, { key: r.plaintext, headers })).toEqual({ status: 404, body: { success: false, error: "Customer not found" } });

    const withQuery = `/customers/${randomUUID()}?reason=closed`;
    expect((await v2("DELETE", withQuery, { ts: ms(401) })).status).toBe(404);
  });

  it("binds the method: headers of a body-less POST /webhooks/test do not terminate anything elsewhere", async () => {
    const headers = capture("POST", "/webhooks/test", { sign: { secret: r.secret, timestamp: ms(500), version: "v2" } });
    expect(await send("DELETE", `/customers/${randomUUID()}`, { key: r.plaintext, headers })).toEqual(invalid);
    const id = randomUUID();
    const put = capture("PUT", `/customers/${id}`, { sign: { secret: r.secret, timestamp: ms(501), version: "v2" } });
    expect(await send("DELETE", `/customers/${id}`, { key: r.plaintext, headers: put })).toEqual(invalid);
  });

  it("binds the body: a changed body is refused", async () => {
    const headers = capture("POST", "/customers", { body: customer("v2-body"), sign: { secret: r.secret, timestamp: ms(600), version: "v2" } });
    expect(await send("POST", "/customers", { key: r.plaintext, body: customer("v2-body-changed"), headers })).toEqual(invalid);
    expect(await send("POST", "/customers", { key: r.plaintext, rawBody: `${JSON.stringify(customer("v2-body"))} `, headers })).toEqual(invalid);
    expect(await t.db.resellerCustomer.count({ where: { resellerId: r.profile.id, externalCustomerId: { startsWith: "v2-body" } } })).toBe(0);
  });

  it("requires a timestamp: without one it is refused with its own sentence", async () => {
    expect(await send("POST", "/customers", { key: r.plaintext, body: customer("v2-no-ts"), sign: { secret: r.secret, timestamp: null, version: "v2" } })).toEqual({
      status: 401,
      body: { success: false, error: "A v2 signature requires the X-Reseller-Timestamp header" },
    });
  });

  it("refuses a timestamp outside the 300 s window; a replay after the window is refused by the window", async () => {
    expect(await v2("POST", "/customers", { body: customer("v2-old"), ts: ms(-301_000) })).toEqual({
      status: 401,
      body: { success: false, error: "Request timestamp outside the allowed window" },
    });
    const ts = ms(700);
    const headers = capture("POST", "/customers", { body: customer("v2-late"), sign: { secret: r.secret, timestamp: ts, version: "v2" } });
    expect((await send("POST", "/customers", { key: r.plaintext, body: customer("v2-late"), headers })).status).toBe(200);
    const later = () => new Date(now.getTime() + 301_000 + 700);
    expect(await send("POST", "/customers", { key: r.plaintext, body: customer("v2-late"), headers }, later)).toEqual({
      status: 401,
      body: { success: false, error: "Request timestamp outside the allowed window" },
    });
  });

  it("is spent even when the request is then refused (validation): signing afresh is the only way again", async () => {
    const bad = { externalCustomerId: "" };
    const ts = ms(800);
    expect((await v2("POST", "/customers", { body: bad, ts })).status).toBe(400);
    expect(await v2("POST", "/customers", { body: bad, ts })).toEqual(replayed);
  });
});

describe("the key's signature settings", () => {
  it("a key set to require v2 refuses v1 signatures (with and without a timestamp) and accepts v2", async () => {
    const key = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["customers"] });
    const ctx = { db: t.db, now, actor: { resellerId: r.profile.id } };
    expect(await updateResellerApiKey(ctx, { id: key.key.id, patch: { signatureVersion: "v2" } })).toMatchObject({ signatureVersion: "v2", requireTimestamp: false });

    const v1 = (timestamp: string | null) => send("POST", "/customers", { key: key.plaintext, body: customer("v2-only"), sign: { secret: r.secret, now, timestamp } });
    const refusal = { status: 401, body: { success: false, error: "This API key accepts only v2 signatures (X-Reseller-Signature: v2=<64 lowercase hex>)" } };
    expect(await v1(String(now.getTime() / 1000))).toEqual(refusal);
    expect(await v1(null)).toEqual(refusal);
    expect(await t.db.resellerCustomer.count({ where: { externalCustomerId: "v2-only" } })).toBe(0);
    expect((await v2("POST", "/customers", { key: key.plaintext, body: customer("v2-only"), ts: ms(900) })).status).toBe(200);

    // back to v1: v1 passes again
    await updateResellerApiKey(ctx, { id: key.key.id, patch: { signatureVersion: "v1" } });
    expect((await v1(null)).status).toBe(200);
  });

  it("a v1 key may require a timestamp: a v1 signature without one is refused, with one it passes", async () => {
    const key = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["customers"], requireTimestamp: true });
    const v1 = (timestamp: string | null) => send("POST", "/customers", { key: key.plaintext, body: customer("v1-ts"), sign: { secret: r.secret, now, timestamp } });
    expect(await v1(null)).toEqual({ status: 401, body: { success: false, error: "This API key requires the X-Reseller-Timestamp header on signed requests" } });
    expect((await v1(String(now.getTime() / 1000))).status).toBe(200);
    expect((await v2("POST", "/customers", { key: key.plaintext, body: customer("v1-ts"), ts: ms(1000) })).status).toBe(200);
  });

  it("a key that did not opt in keeps v1 exactly as the spec says: no timestamp needed, and a v1 signature is not spent", async () => {
    const key = await t.db.resellerApiKey.findUniqueOrThrow({ where: { id: r.key.id } });
    expect(key).toMatchObject({ signatureVersion: "v1", requireTimestamp: false });
    const spent = () => t.db.resellerSignatureUse.count({ where: { keyId: r.key.id } });
    const before = await spent();
    const v1 = (timestamp: string | null) => send("POST", "/customers", { key: r.plaintext, body: customer("v1-spec"), sign: { secret: r.secret, now, timestamp } });
    // the same v1 request twice, without and with a timestamp: the spec has no replay cache
    for (const timestamp of [null, null, String(now.getTime() / 1000), String(now.getTime() / 1000)]) expect((await v1(timestamp)).status).toBe(200);
    expect(await spent()).toBe(before);
    // the spec's body-less forms still pass
    const empty = await send("DELETE", `/customers/${randomUUID()}`, { key: r.plaintext, rawBody: "", sign: { secret: r.secret, now } });
    expect(empty.status).toBe(404);
  });

  it("the reseller portal's edit action sets them, and the API follows at once", async () => {
    session.userId = r.owner.id;
    const key = await mintResellerKey(t.db, { resellerId: r.profile.id, scopes: ["customers"], label: "Shop" });
    const { updateResellerApiKeyAction } = await import("@/app/reseller/api-keys/actions");
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries({ keyId: key.key.id, label: "Shop", expiresOn: "", previousExpiresOn: "", ...fields })) data.set(k, v);
      return data;
    };

    expect(await updateResellerApiKeyAction(form({ signatureVersion: "v2", requireTimestamp: "on" }))).toMatchObject({ ok: true });
    expect(await t.db.resellerApiKey.findUniqueOrThrow({ where: { id: key.key.id } })).toMatchObject({ signatureVersion: "v2", requireTimestamp: true });
    const v1 = await send("POST", "/customers", { key: key.plaintext, body: customer("portal"), sign: { secret: r.secret, now } });
    expect(v1).toEqual({ status: 401, body: { success: false, error: SIGNATURE_MESSAGES.v2Required } });

    // an unticked box clears the timestamp requirement; a form without the settings leaves them alone
    expect(await updateResellerApiKeyAction(form({ signatureVersion: "v1" }))).toMatchObject({ ok: true });
    expect(await t.db.resellerApiKey.findUniqueOrThrow({ where: { id: key.key.id } })).toMatchObject({ signatureVersion: "v1", requireTimestamp: false });
    await updateResellerApiKeyAction(form({ signatureVersion: "v2", requireTimestamp: "on" }));
    expect(await updateResellerApiKeyAction(form({ label: "Shop renamed" }))).toMatchObject({ ok: true });
    expect(await t.db.resellerApiKey.findUniqueOrThrow({ where: { id: key.key.id } })).toMatchObject({ label: "Shop renamed", signatureVersion: "v2", requireTimestamp: true });

    expect(await updateResellerApiKeyAction(form({ signatureVersion: "v3" }))).toMatchObject({ ok: false, fieldErrors: { signatureVersion: "Pick v1 or v2." } });
  });
});

describe("pruning", () => {
  it("deletes spent signatures whose timestamp has left the window, keeps the others", async () => {
    const resellerId = randomUUID();
    const keyId = randomUUID();
    await t.db.resellerSignatureUse.createMany({
      data: [
        { resellerId, keyId, signature: "a".repeat(64), usedAt: now, expiresAt: new Date(now.getTime() - 1) },
        { resellerId, keyId, signature: "b".repeat(64), usedAt: now, expiresAt: new Date(now.getTime() + 1) },
      ],
    });
    expect(await deleteExpiredResellerSignatureUses(t.db, now)).toBeGreaterThanOrEqual(1);
    expect((await t.db.resellerSignatureUse.findMany({ where: { resellerId } })).map((u) => u.signature)).toEqual(["b".repeat(64)]);
  });
});
