import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import type { CustomerKeyActor } from "./customer-key-actor";
import { getCustomerKeyFormOptions } from "./get-customer-key-form-options";
import { listCustomerApiKeys } from "./list-customer-api-keys";
import { mintCustomerApiKey } from "./mint-customer-api-key";
import { revokeCustomerApiKey } from "./revoke-customer-api-key";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

/** The context of `actor` acting at `now`. */
const ctx = (actor: CustomerKeyActor, now = new Date()) => ({ db: t.db, now, actor });

/** An account with its owner and a team member holding `permissions`. */
async function accountWithMember(permissions: string[]) {
  const c = await makeCustomer(t.db);
  const member = await makeUser(t.db, { name: "Sam Member" });
  await t.db.teamMember.create({ data: { accountId: c.account.id, userId: member.id, permissions } });
  return { ...c, member, owner: { accountId: c.account.id, userId: c.owner.id }, asMember: { accountId: c.account.id, userId: member.id } };
}

describe("listCustomerApiKeys", () => {
  it("shows the owner every key of the account with prefix, project, creator and state, newest first, and never a secret", async () => {
    const a = await accountWithMember(["services.view"]);
    const now = new Date("2030-06-01T12:00:00Z");
    const ownerKey = await mintCustomerApiKey(ctx(a.owner, new Date("2030-01-01")), { label: "CI", scopes: ["services"], projectId: a.project.id, ipAllowlist: ["203.0.113.0/24"] });
    const memberKey = await mintCustomerApiKey(ctx(a.asMember, new Date("2030-01-02")), { label: "Monitoring", scopes: ["read"], expiresAt: new Date("2030-05-01") });
    await t.db.customerApiKey.update({ where: { id: ownerKey.key.id }, data: { createdAt: new Date("2030-01-01") } });
    await t.db.customerApiKey.update({ where: { id: memberKey.key.id }, data: { createdAt: new Date("2030-01-02"), lastUsedAt: new Date("2030-04-30") } });

    const { keys, isOwner } = await listCustomerApiKeys(ctx(a.owner, now));
    expect(isOwner).toBe(true);
    expect(keys.map((k) => k.label)).toEqual(["Monitoring", "CI"]);
    expect(keys[0]).toMatchObject({ state: "expired", createdBy: { id: a.member.id, name: "Sam Member" }, lastUsedAt: new Date("2030-04-30"), project: null });
    expect(keys[1]).toMatchObject({
      state: "active",
      prefix: `rfk_${ownerKey.key.lookupId}_…`,
      scopes: ["read", "services"],
      ipAllowlist: ["203.0.113.0/24"],
      project: { id: a.project.id, slug: "default" },
    });
    const text = JSON.stringify(keys);
    expect(text).not.toContain(ownerKey.plaintext.split("_")[2]);
    expect(text).not.toContain("secretHash");
  });

  it("shows a team member only the keys they minted", async () => {
    const a = await accountWithMember(["services.view"]);
    await mintCustomerApiKey(ctx(a.owner), { label: "Owner's", scopes: [] });
    await mintCustomerApiKey(ctx(a.asMember), { label: "Mine", scopes: [] });
    const { keys, isOwner } = await listCustomerApiKeys(ctx(a.asMember));
    expect(isOwner).toBe(false);
    expect(keys.map((k) => k.label)).toEqual(["Mine"]);
  });

  it("is not found for a user outside the account or a closed account", async () => {
    const a = await accountWithMember([]);
    const stranger = await makeUser(t.db);
    await expect(listCustomerApiKeys(ctx({ accountId: a.account.id, userId: stranger.id }))).rejects.toMatchObject({ code: "not_found" });
    await t.db.clientAccount.update({ where: { id: a.account.id }, data: { status: "closed" } });
    await expect(listCustomerApiKeys(ctx(a.owner))).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("revokeCustomerApiKey", () => {
  it("revokes at once and keeps the first revocation time when repeated", async () => {
    const a = await accountWithMember([]);
    const { key } = await mintCustomerApiKey(ctx(a.owner), { label: "Old", scopes: [] });
    const first = new Date("2030-02-01T00:00:00Z");
    expect(await revokeCustomerApiKey(ctx(a.owner, first), { id: key.id })).toEqual({ id: key.id, label: "Old", revokedAt: first });
    expect((await revokeCustomerApiKey(ctx(a.owner, new Date("2030-03-01")), { id: key.id })).revokedAt).toEqual(first);
    expect((await listCustomerApiKeys(ctx(a.owner))).keys[0]!.state).toBe("revoked");
  });

  it("lets the owner revoke a member's key, but a member not the owner's", async () => {
    const a = await accountWithMember(["services.view"]);
    const ownerKey = await mintCustomerApiKey(ctx(a.owner), { label: "Owner's", scopes: [] });
    const memberKey = await mintCustomerApiKey(ctx(a.asMember), { label: "Member's", scopes: [] });
    await expect(revokeCustomerApiKey(ctx(a.asMember), { id: ownerKey.key.id })).rejects.toMatchObject({ code: "not_found", message: "API key not found" });
    expect(await t.db.customerApiKey.findUniqueOrThrow({ where: { id: ownerKey.key.id } })).toMatchObject({ revokedAt: null });
    await revokeCustomerApiKey(ctx(a.asMember), { id: memberKey.key.id });
    const again = await mintCustomerApiKey(ctx(a.asMember), { label: "Member's 2", scopes: [] });
    await revokeCustomerApiKey(ctx(a.owner), { id: again.key.id });
    expect(await t.db.customerApiKey.count({ where: { accountId: a.account.id, revokedAt: { not: null } } })).toBe(2);
  });

  it("answers not found for another account's key id, a made-up id and a malformed one, and changes nothing", async () => {
    const mine = await accountWithMember([]);
    const theirs = await accountWithMember([]);
    const { key } = await mintCustomerApiKey(ctx(theirs.owner), { label: "Theirs", scopes: [] });
    for (const id of [key.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      await expect(revokeCustomerApiKey(ctx(mine.owner), { id })).rejects.toMatchObject({ code: "not_found" });
    }
    expect(await t.db.customerApiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ revokedAt: null });
  });
});

describe("getCustomerKeyFormOptions", () => {
  it("offers the owner every scope and the account's projects, default first", async () => {
    const a = await accountWithMember([]);
    await t.db.project.create({ data: { accountId: a.account.id, name: "Acme shop", slug: "acme-shop" } });
    const other = await makeCustomer(t.db);
    await t.db.project.create({ data: { accountId: other.account.id, name: "Not mine", slug: "not-mine" } });

    const o = await getCustomerKeyFormOptions(ctx(a.owner));
    expect(o.canMint).toBe(true);
    expect(o.scopes.every((s) => s.allowed)).toBe(true);
    expect(o.projects.map((p) => p.slug)).toEqual(["default", "acme-shop"]);
  });

  it("reads a member's permissions fresh from the database", async () => {
    const a = await accountWithMember(["services.view", "services.power"]);
    expect((await getCustomerKeyFormOptions(ctx(a.asMember))).scopes.filter((s) => s.allowed).map((s) => s.scope)).toEqual(["read", "services"]);
    await t.db.teamMember.updateMany({ where: { userId: a.member.id }, data: { permissions: ["billing.view", "invoices.pay", "services.manage"] } });
    expect((await getCustomerKeyFormOptions(ctx(a.asMember))).scopes.filter((s) => s.allowed).map((s) => s.scope)).toEqual(["read", "services", "orders", "billing"]);
    await t.db.teamMember.updateMany({ where: { userId: a.member.id }, data: { permissions: [] } });
    expect((await getCustomerKeyFormOptions(ctx(a.asMember))).canMint).toBe(false);
  });
});
