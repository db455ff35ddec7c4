import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { sha256Hex } from "@/lib/crypto/constant-time-equal";
import { mintCustomerApiKey } from "./mint-customer-api-key";
import { parseCustomerApiKey } from "./parse-api-key";
import { ApiKeyError } from "./api-key-error";

let t: TestDb;
let accountId: string;
let ownerId: string;
let memberId: string;
let strangerId: string;
let projectId: string;

beforeAll(async () => {
  t = await createTestDb({ install: false });
  const user = (email: string) => t.db.user.create({ data: { email, name: email, passwordHash: "x" } });
  const owner = await user("owner@keys.test");
  const member = await user("member@keys.test");
  const stranger = await user("stranger@keys.test");
  const account = await t.db.clientAccount.create({ data: { name: "Keys Ltd", ownerId: owner.id } });
  await t.db.teamMember.create({
    data: { accountId: account.id, userId: member.id, permissions: ["services.view", "services.power"] },
  });
  const project = await t.db.project.create({ data: { accountId: account.id, name: "web", slug: "web" } });
  const otherOwner = await user("other@keys.test");
  await t.db.clientAccount.create({ data: { name: "Other", ownerId: otherOwner.id } });
  [accountId, ownerId, memberId, strangerId, projectId] = [account.id, owner.id, member.id, stranger.id, project.id];
});

afterAll(async () => {
  await t?.close();
});

/** The owner (or `userId`) of the account, acting at `now`. */
const ctx = (userId = ownerId, now = new Date()) => ({ db: t.db, now, actor: { accountId, userId } });
const base = () => ({ label: "CI deploys", scopes: [] as string[] });

describe("mintCustomerApiKey", () => {
  it("returns rfk_<8 hex>_<96 hex> and stores only the sha256 of the secret", async () => {
    const { key, plaintext } = await mintCustomerApiKey(ctx(), { ...base(), scopes: ["services"] });
    expect(plaintext).toMatch(/^rfk_[0-9a-f]{8}_[0-9a-f]{96}$/);
    const parsed = parseCustomerApiKey(plaintext)!;
    expect(key.lookupId).toBe(parsed.lookupId);
    const row = await t.db.customerApiKey.findUniqueOrThrow({ where: { lookupId: parsed.lookupId } });
    expect(row.secretHash).toBe(sha256Hex(parsed.secret));
    expect(JSON.stringify(row)).not.toContain(parsed.secret);
    expect(JSON.stringify(row)).not.toContain(plaintext);
  });

  it("always includes read and stores scopes de-duplicated in canonical order", async () => {
    const { key } = await mintCustomerApiKey(ctx(), { ...base(), scopes: ["destructive", "orders", "orders", "billing"] });
    expect(key.scopes).toEqual(["read", "orders", "billing", "destructive"]);
    const { key: bare } = await mintCustomerApiKey(ctx(), base());
    expect(bare.scopes).toEqual(["read"]);
  });

  it("refuses scopes outside read, services, orders, billing, destructive", async () => {
    await expect(mintCustomerApiKey(ctx(), { ...base(), scopes: ["read", "account"] })).rejects.toMatchObject({
      code: "invalid_scope",
    });
  });

  it("limits a team member to the scopes their permissions allow, but not the owner", async () => {
    const { key } = await mintCustomerApiKey(ctx(memberId), { ...base(), scopes: ["services"] });
    expect(key.scopes).toEqual(["read", "services"]);
    expect(key.userId).toBe(memberId);
    await expect(
      mintCustomerApiKey(ctx(memberId), { ...base(), scopes: ["services", "billing", "destructive"] }),
    ).rejects.toThrow(/billing, destructive/);
    await expect(mintCustomerApiKey(ctx(strangerId), base())).rejects.toMatchObject({ code: "not_found" });
  });

  it("binds to a project of the same account only", async () => {
    const { key } = await mintCustomerApiKey(ctx(), { ...base(), projectId });
    expect(key.projectId).toBe(projectId);
    const foreign = await t.db.clientAccount.findFirstOrThrow({ where: { name: "Other" } });
    const foreignProject = await t.db.project.create({ data: { accountId: foreign.id, name: "x", slug: "x" } });
    await expect(mintCustomerApiKey(ctx(), { ...base(), projectId: foreignProject.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("keeps a validated IP allowlist and a future expiry, and refuses a past one", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const { key } = await mintCustomerApiKey(ctx(ownerId, now), { ...base(), ipAllowlist: ["203.0.113.0/24"], expiresAt: new Date("2027-01-01T00:00:00Z") });
    expect(key.ipAllowlist).toEqual(["203.0.113.0/24"]);
    expect(key.expiresAt?.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    await expect(mintCustomerApiKey(ctx(ownerId, now), { ...base(), expiresAt: new Date("2026-11-22T09:59:59Z") })).rejects.toMatchObject({
      code: "invalid_expiry",
    });
    await expect(mintCustomerApiKey(ctx(), { ...base(), ipAllowlist: ["localhost"] })).rejects.toBeInstanceOf(ApiKeyError);
  });

  it("retries a lookup id that is already taken, inside one transaction", async () => {
    const { key: first } = await mintCustomerApiKey(ctx(), { ...base(), newLookupId: () => "deadbeef" });
    const ids = ["deadbeef", "deadbeef", "cafebabe"];
    const { key, plaintext } = await t.db.$transaction((tx) => mintCustomerApiKey({ ...ctx(), db: tx }, { ...base(), newLookupId: () => ids.shift()! }));
    expect(ids).toEqual([]);
    expect(key.lookupId).toBe("cafebabe");
    expect(plaintext.startsWith("rfk_cafebabe_")).toBe(true);
    // The original holder of the id is untouched.
    expect((await t.db.customerApiKey.findUniqueOrThrow({ where: { lookupId: "deadbeef" } })).id).toBe(first.id);
  });

  it("gives up with a clear error when every lookup id collides", async () => {
    await expect(mintCustomerApiKey(ctx(), { ...base(), newLookupId: () => "deadbeef" })).rejects.toMatchObject({
      code: "lookup_id_exhausted",
    });
  });
});
