import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { sha256Hex } from "@/lib/crypto/constant-time-equal";
import { MAX_UNREVOKED_RESELLER_KEYS, mintResellerApiKey } from "./mint-reseller-api-key";
import { parseResellerApiKey } from "./parse-api-key";
import { generateSigningSecret } from "./generate-signing-secret";

let t: TestDb;
let n = 0;

beforeAll(async () => {
  t = await createTestDb({ install: false });
});

afterAll(async () => {
  await t?.close();
});

async function newReseller(status: "active" | "closed" = "active", hourlyLimit: number | null = null) {
  n += 1;
  const owner = await t.db.user.create({ data: { email: `reseller${n}@keys.test`, name: "R", passwordHash: "x" } });
  const account = await t.db.clientAccount.create({ data: { name: `Reseller ${n}`, ownerId: owner.id } });
  return t.db.resellerProfile.create({
    data: { accountId: account.id, status, hourlyLimit, signingSecret: generateSigningSecret().sealed },
  });
}

/** The context of reseller `resellerId` acting at `now`. */
const ctx = (resellerId: string, now = new Date()) => ({ db: t.db, now, actor: { resellerId } });

describe("mintResellerApiKey", () => {
  it("returns rsk_<8 alnum>_<64 alnum> and stores only the sha256 of the secret", async () => {
    const reseller = await newReseller();
    const { key, plaintext } = await mintResellerApiKey(ctx(reseller.id), { label: "Storefront", scopes: ["orders"] });
    expect(plaintext).toMatch(/^rsk_[A-Za-z0-9]{8}_[A-Za-z0-9]{64}$/);
    const parsed = parseResellerApiKey(plaintext)!;
    const row = await t.db.resellerApiKey.findUniqueOrThrow({ where: { lookupId: parsed.lookupId } });
    expect(row.id).toBe(key.id);
    expect(row.secretHash).toBe(sha256Hex(parsed.secret));
    expect(JSON.stringify(row)).not.toContain(parsed.secret);
    expect(row.scopes).toEqual(["orders"]);
  });

  it("gives a key made without scopes read alone, and orders scopes canonically", async () => {
    const reseller = await newReseller();
    expect((await mintResellerApiKey(ctx(reseller.id), { label: "a" })).key.scopes).toEqual(["read"]);
    expect((await mintResellerApiKey(ctx(reseller.id), { label: "b", scopes: [] })).key.scopes).toEqual(["read"]);
    const all = await mintResellerApiKey(ctx(reseller.id), {
      label: "c",
      scopes: ["account", "customers", "destructive", "services", "orders", "read"],
    });
    expect(all.key.scopes).toEqual(["read", "orders", "services", "destructive", "customers", "account"]);
  });

  it("refuses unknown scopes, and customers/account on a customer-bound key", async () => {
    const reseller = await newReseller();
    await expect(mintResellerApiKey(ctx(reseller.id), { label: "x", scopes: ["billing"] })).rejects.toMatchObject({
      code: "invalid_scope",
    });
    const customer = await t.db.resellerCustomer.create({ data: { resellerId: reseller.id, externalCustomerId: "c-1" } });
    await expect(
      mintResellerApiKey(ctx(reseller.id), { label: "x", scopes: ["read", "account"], customerId: customer.id }),
    ).rejects.toThrow(/account/);
    const bound = await mintResellerApiKey(ctx(reseller.id), { label: "x", scopes: ["orders"], customerId: customer.id });
    expect(bound.key.customerId).toBe(customer.id);
  });

  it("refuses the 21st unrevoked key, counting expired keys, and frees a slot on revocation", async () => {
    const reseller = await newReseller();
    const now = new Date();
    for (let i = 0; i < MAX_UNREVOKED_RESELLER_KEYS - 1; i++) {
      await mintResellerApiKey(ctx(reseller.id), { label: `k${i}` });
    }
    // The 20th slot goes to a key that has since expired: it still holds the slot.
    const expiring = await mintResellerApiKey(ctx(reseller.id, now), { label: "soon", expiresAt: new Date(now.getTime() + 1000) });
    await t.db.resellerApiKey.update({ where: { id: expiring.key.id }, data: { expiresAt: new Date(now.getTime() - 1000) } });

    await expect(mintResellerApiKey(ctx(reseller.id), { label: "one too many" })).rejects.toMatchObject({
      code: "key_limit_reached",
      message: expect.stringContaining("at most 20"),
    });
    await t.db.resellerApiKey.update({ where: { id: expiring.key.id }, data: { revokedAt: new Date() } });
    await expect(mintResellerApiKey(ctx(reseller.id), { label: "replacement" })).resolves.toBeTruthy();
    expect(await t.db.resellerApiKey.count({ where: { resellerId: reseller.id, revokedAt: null } })).toBe(20);
  });

  // Only a real race on PostgreSQL (TEST_DATABASE_URL): PGlite runs transactions one at a time.
  it("lets only one of two simultaneous requests take the last slot", async () => {
    const reseller = await newReseller();
    for (let i = 0; i < MAX_UNREVOKED_RESELLER_KEYS - 1; i++) await mintResellerApiKey(ctx(reseller.id), { label: `k${i}` });
    const results = await Promise.allSettled([
      mintResellerApiKey(ctx(reseller.id), { label: "left" }),
      mintResellerApiKey(ctx(reseller.id), { label: "right" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await t.db.resellerApiKey.count({ where: { resellerId: reseller.id, revokedAt: null } })).toBe(20);
  });

  it("joins the caller's transaction and rolls back with it", async () => {
    const reseller = await newReseller();
    await expect(
      t.db.$transaction(async (tx) => {
        await mintResellerApiKey({ ...ctx(reseller.id), db: tx }, { label: "doomed" });
        throw new Error("caller changed its mind");
      }),
    ).rejects.toThrow("caller changed its mind");
    expect(await t.db.resellerApiKey.count({ where: { resellerId: reseller.id } })).toBe(0);
  });

  it("retries a lookup id that is already taken", async () => {
    const reseller = await newReseller();
    await mintResellerApiKey(ctx(reseller.id), { label: "a", newLookupId: () => "Taken123" });
    const ids = ["Taken123", "Fresh456"];
    const { key, plaintext } = await mintResellerApiKey(ctx(reseller.id), { label: "b", newLookupId: () => ids.shift()! });
    expect(key.lookupId).toBe("Fresh456");
    expect(plaintext.startsWith("rsk_Fresh456_")).toBe(true);
  });

  it("checks the per-key hourly limit against the reseller's ceiling", async () => {
    const reseller = await newReseller("active", 600);
    await expect(mintResellerApiKey(ctx(reseller.id), { label: "x", hourlyLimit: 601 })).rejects.toMatchObject({
      code: "invalid_hourly_limit",
    });
    await expect(mintResellerApiKey(ctx(reseller.id), { label: "x", hourlyLimit: 0 })).rejects.toMatchObject({
      code: "invalid_hourly_limit",
    });
    expect((await mintResellerApiKey(ctx(reseller.id), { label: "x", hourlyLimit: 100 })).key.hourlyLimit).toBe(100);
  });

  it("wants a key limit lower than the account's, not equal to it", async () => {
    const reseller = await newReseller("active", 600);
    await expect(mintResellerApiKey(ctx(reseller.id), { label: "x", hourlyLimit: 600 })).rejects.toMatchObject({
      code: "invalid_hourly_limit",
      message: "The hourly limit must be lower than the account's limit of 600",
    });
    expect((await mintResellerApiKey(ctx(reseller.id), { label: "x", hourlyLimit: 599 })).key.hourlyLimit).toBe(599);
  });

  it("without a limit on the profile, uses the programme's account limit (its default while the row is absent)", async () => {
    const reseller = await newReseller();
    await expect(mintResellerApiKey(ctx(reseller.id), { label: "x", hourlyLimit: 5000 })).rejects.toMatchObject({
      code: "invalid_hourly_limit",
    });
    await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { accountHourlyLimit: 8000 }, update: { accountHourlyLimit: 8000 } });
    expect((await mintResellerApiKey(ctx(reseller.id), { label: "x", hourlyLimit: 7999 })).key.hourlyLimit).toBe(7999);
    await expect(mintResellerApiKey(ctx(reseller.id), { label: "x", hourlyLimit: 8000 })).rejects.toMatchObject({
      code: "invalid_hourly_limit",
    });
  });

  it("refuses an unknown or closed reseller", async () => {
    await expect(
      mintResellerApiKey(ctx("00000000-0000-4000-8000-000000000000"), { label: "x" }),
    ).rejects.toMatchObject({ code: "not_found" });
    const closed = await newReseller("closed");
    await expect(mintResellerApiKey(ctx(closed.id), { label: "x" })).rejects.toMatchObject({ code: "reseller_closed" });
  });
});
