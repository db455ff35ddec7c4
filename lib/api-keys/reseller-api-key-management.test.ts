import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeReseller } from "@/lib/testing/factories";
import { listResellerApiKeys } from "./list-reseller-api-keys";
import { MAX_UNREVOKED_RESELLER_KEYS, mintResellerApiKey } from "./mint-reseller-api-key";
import type { ResellerKeyActor } from "./reseller-key-actor";
import { revokeAllResellerApiKeys } from "./revoke-all-reseller-api-keys";
import { revokeResellerApiKey } from "./revoke-reseller-api-key";
import { updateResellerApiKey } from "./update-reseller-api-key";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

/** The context of reseller `actor` acting at `now`. */
const ctx = (actor: ResellerKeyActor, now = new Date()) => ({ db: t.db, now, actor });

async function reseller(hourlyLimit: number | null = null) {
  const { profile } = await makeReseller(t.db);
  if (hourlyLimit !== null) await t.db.resellerProfile.update({ where: { id: profile.id }, data: { hourlyLimit } });
  return { resellerId: profile.id };
}

describe("listResellerApiKeys", () => {
  it("lists keys newest first with prefix, customer and state, counts unrevoked slots and names the hourly ceiling", async () => {
    const r = await reseller();
    const customer = await t.db.resellerCustomer.create({ data: { resellerId: r.resellerId, externalCustomerId: "cust-42", name: "Acme" } });
    const now = new Date("2030-06-01T00:00:00Z");
    const bound = await mintResellerApiKey(ctx(r, new Date("2030-01-01")), { label: "Acme panel", scopes: ["orders"], customerId: customer.id, hourlyLimit: 100 });
    const expired = await mintResellerApiKey(ctx(r, new Date("2030-01-01")), { label: "Expired", expiresAt: new Date("2030-05-01") });
    const revoked = await mintResellerApiKey(ctx(r), { label: "Revoked" });
    await revokeResellerApiKey(ctx(r), { id: revoked.key.id });
    for (const [i, id] of [bound.key.id, expired.key.id, revoked.key.id].entries()) {
      await t.db.resellerApiKey.update({ where: { id }, data: { createdAt: new Date(Date.UTC(2030, 0, 1 + i)) } });
    }

    const list = await listResellerApiKeys(ctx(r, now));
    expect(list.keys.map((k) => [k.label, k.state])).toEqual([
      ["Revoked", "revoked"],
      ["Expired", "expired"],
      ["Acme panel", "active"],
    ]);
    expect(list.keys[2]).toMatchObject({
      prefix: `rsk_${bound.key.lookupId}_…`,
      scopes: ["orders"],
      hourlyLimit: 100,
      customer: { externalCustomerId: "cust-42", name: "Acme" },
    });
    // An expired key keeps its slot until revoked.
    expect([list.unrevoked, list.max]).toEqual([2, MAX_UNREVOKED_RESELLER_KEYS]);
    expect(list.hourlyCeiling).toBe(5000);
    expect(JSON.stringify(list)).not.toContain(bound.plaintext.split("_")[2]);
  });

  it("reports the profile's own hourly limit when an operator set one", async () => {
    const r = await reseller(600);
    expect((await listResellerApiKeys(ctx(r))).hourlyCeiling).toBe(600);
  });

  it("does not show another reseller's keys", async () => {
    const mine = await reseller();
    const theirs = await reseller();
    await mintResellerApiKey(ctx(theirs), { label: "Theirs" });
    expect((await listResellerApiKeys(ctx(mine))).keys).toEqual([]);
  });
});

describe("updateResellerApiKey", () => {
  it("changes label and expiry, never the scopes; an omitted expiry is left alone and null clears it", async () => {
    const r = await reseller();
    const { key } = await mintResellerApiKey(ctx(r), { label: "Old", scopes: ["orders"], expiresAt: new Date("2099-01-01") });
    const renamed = await updateResellerApiKey(ctx(r), { id: key.id, patch: { label: "  New  " } });
    expect(renamed).toMatchObject({ label: "New", expiresAt: new Date("2099-01-01"), scopes: ["orders"] });
    expect((await updateResellerApiKey(ctx(r), { id: key.id, patch: { expiresAt: new Date("2098-01-01") } })).expiresAt).toEqual(new Date("2098-01-01"));
    expect((await updateResellerApiKey(ctx(r), { id: key.id, patch: { expiresAt: null } })).expiresAt).toBeNull();
  });

  it("renames an expired key without reviving it, and revives it with a new future expiry", async () => {
    const r = await reseller();
    const now = new Date("2030-06-01T00:00:00Z");
    const { key } = await mintResellerApiKey(ctx(r, new Date("2030-01-01")), { label: "Lapsed", expiresAt: new Date("2030-05-01") });
    expect(await updateResellerApiKey(ctx(r, now), { id: key.id, patch: { label: "Lapsed (old shop)" } })).toMatchObject({ state: "expired" });
    expect(await updateResellerApiKey(ctx(r, now), { id: key.id, patch: { expiresAt: new Date("2030-07-01") } })).toMatchObject({ state: "active" });
  });

  it("refuses a past expiry, an empty label and changes to a revoked key", async () => {
    const r = await reseller();
    const { key } = await mintResellerApiKey(ctx(r), { label: "k" });
    await expect(updateResellerApiKey(ctx(r), { id: key.id, patch: { expiresAt: new Date("2001-01-01") } })).rejects.toMatchObject({ code: "invalid_expiry" });
    await expect(updateResellerApiKey(ctx(r), { id: key.id, patch: { label: "   " } })).rejects.toMatchObject({ code: "invalid_label" });
    await revokeResellerApiKey(ctx(r), { id: key.id });
    await expect(updateResellerApiKey(ctx(r), { id: key.id, patch: { label: "back" } })).rejects.toMatchObject({ code: "key_revoked" });
    expect(await t.db.resellerApiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ label: "k" });
  });

  it("answers not found for another reseller's key and changes nothing", async () => {
    const mine = await reseller();
    const theirs = await reseller();
    const { key } = await mintResellerApiKey(ctx(theirs), { label: "Theirs" });
    await expect(updateResellerApiKey(ctx(mine), { id: key.id, patch: { label: "Hijacked" } })).rejects.toMatchObject({ code: "not_found" });
    await expect(updateResellerApiKey(ctx(mine), { id: "nope", patch: { label: "x" } })).rejects.toMatchObject({ code: "not_found" });
    expect(await t.db.resellerApiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ label: "Theirs" });
  });
});

describe("revokeResellerApiKey / revokeAllResellerApiKeys", () => {
  it("revoking one frees its slot; repeating keeps the first time; another reseller's key is not found", async () => {
    const r = await reseller();
    const other = await reseller();
    const { key } = await mintResellerApiKey(ctx(r), { label: "k" });
    const theirs = await mintResellerApiKey(ctx(other), { label: "theirs" });
    const first = new Date("2030-01-01T00:00:00Z");
    expect((await revokeResellerApiKey(ctx(r, first), { id: key.id })).revokedAt).toEqual(first);
    expect((await revokeResellerApiKey(ctx(r), { id: key.id })).revokedAt).toEqual(first);
    expect((await listResellerApiKeys(ctx(r))).unrevoked).toBe(0);
    await expect(revokeResellerApiKey(ctx(r), { id: theirs.key.id })).rejects.toMatchObject({ code: "not_found" });
    expect(await t.db.resellerApiKey.findUniqueOrThrow({ where: { id: theirs.key.id } })).toMatchObject({ revokedAt: null });
  });

  it("revokes every unrevoked key of this reseller only, expired ones included, and frees all 20 slots", async () => {
    const r = await reseller();
    const other = await reseller();
    for (let i = 0; i < MAX_UNREVOKED_RESELLER_KEYS; i++) await mintResellerApiKey(ctx(r), { label: `k${i}` });
    await t.db.resellerApiKey.updateMany({ where: { resellerId: r.resellerId, label: "k0" }, data: { expiresAt: new Date("2001-01-01") } });
    await expect(mintResellerApiKey(ctx(r), { label: "one too many" })).rejects.toMatchObject({ code: "key_limit_reached" });
    await mintResellerApiKey(ctx(other), { label: "theirs" });

    expect(await revokeAllResellerApiKeys(ctx(r))).toEqual({ revoked: MAX_UNREVOKED_RESELLER_KEYS });
    expect(await revokeAllResellerApiKeys(ctx(r))).toEqual({ revoked: 0 });
    expect(await t.db.resellerApiKey.count({ where: { resellerId: other.resellerId, revokedAt: null } })).toBe(1);
    await mintResellerApiKey(ctx(r), { label: "fresh start" });
    expect((await listResellerApiKeys(ctx(r))).unrevoked).toBe(1);
  });
});

describe("signature settings (docs/decisions.md#r16)", () => {
  it("a new key accepts v1 and v2 and requires no timestamp unless asked; minting can set both", async () => {
    const r = await reseller();
    expect((await mintResellerApiKey(ctx(r), { label: "Default" })).key).toMatchObject({ signatureVersion: "v1", requireTimestamp: false });
    expect((await mintResellerApiKey(ctx(r), { label: "Strict", signatureVersion: "v2", requireTimestamp: true })).key).toMatchObject({
      signatureVersion: "v2",
      requireTimestamp: true,
    });
    await expect(mintResellerApiKey(ctx(r), { label: "Bad", signatureVersion: "v3" as "v2" })).rejects.toMatchObject({
      code: "invalid_signature_version",
      message: "The signature version must be v1 or v2",
    });
    const { keys } = await listResellerApiKeys(ctx(r));
    expect(keys.map((k) => [k.label, k.signatureVersion, k.requireTimestamp])).toEqual(
      expect.arrayContaining([
        ["Default", "v1", false],
        ["Strict", "v2", true],
      ]),
    );
  });

  it("updates each setting alone, leaves the other and the label as they were, and refuses an unknown version", async () => {
    const r = await reseller();
    const { key } = await mintResellerApiKey(ctx(r), { label: "k" });
    expect(await updateResellerApiKey(ctx(r), { id: key.id, patch: { requireTimestamp: true } })).toMatchObject({ label: "k", signatureVersion: "v1", requireTimestamp: true });
    expect(await updateResellerApiKey(ctx(r), { id: key.id, patch: { signatureVersion: "v2" } })).toMatchObject({ signatureVersion: "v2", requireTimestamp: true });
    expect(await updateResellerApiKey(ctx(r), { id: key.id, patch: { label: "renamed" } })).toMatchObject({ label: "renamed", signatureVersion: "v2", requireTimestamp: true });
    await expect(updateResellerApiKey(ctx(r), { id: key.id, patch: { signatureVersion: "hmac" as "v1" } })).rejects.toMatchObject({ code: "invalid_signature_version" });
    await revokeResellerApiKey(ctx(r), { id: key.id });
    await expect(updateResellerApiKey(ctx(r), { id: key.id, patch: { signatureVersion: "v1" } })).rejects.toMatchObject({ code: "key_revoked" });
    expect(await t.db.resellerApiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ signatureVersion: "v2" });
  });

  it("another reseller cannot change a key's settings", async () => {
    const mine = await reseller();
    const theirs = await reseller();
    const { key } = await mintResellerApiKey(ctx(theirs), { label: "Theirs" });
    await expect(updateResellerApiKey(ctx(mine), { id: key.id, patch: { signatureVersion: "v2" } })).rejects.toMatchObject({ code: "not_found" });
    expect(await t.db.resellerApiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ signatureVersion: "v1" });
  });
});
