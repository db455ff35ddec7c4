import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { makeReseller } from "@/lib/testing/factories";
import { getResellerDashboard } from "./get-reseller-dashboard";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

describe("getResellerDashboard", () => {
  it("reports status, tier, balance, live API keys, webhook origin and customers", async () => {
    const now = new Date("2030-06-01T00:00:00Z");
    const { profile } = await makeReseller(t.db, { credit: "500" });
    const tier = await t.db.tier.create({ data: { name: `Silver ${profile.id.slice(0, 4)}`, sortOrder: 2, minMonthlyRunRate: "1000", defaultDiscountPercent: "12.5" } });
    await t.db.resellerProfile.update({ where: { id: profile.id }, data: { tierId: tier.id, webhookUrl: "https://hooks.example.com/rackfront?token=secret" } });
    const key = (n: number, extra: object = {}) =>
      t.db.resellerApiKey.create({ data: { resellerId: profile.id, lookupId: `${profile.id.slice(0, 6)}${n}`, secretHash: "x", label: `k${n}`, scopes: ["read"], ...extra } });
    await key(1);
    await key(2, { revokedAt: new Date("2030-01-01") });
    await key(3, { expiresAt: new Date("2030-05-01") });
    await key(4, { expiresAt: new Date("2030-07-01") });
    await t.db.resellerCustomer.create({ data: { resellerId: profile.id, externalCustomerId: "c-1" } });

    const d = await getResellerDashboard({ db: t.db, now, actor: { resellerId: profile.id } });
    expect(d).toMatchObject({
      status: "active",
      tier: { name: tier.name, discountPercent: "12.5" },
      creditBalance: "500",
      currency: "EUR",
      apiKeys: { active: 2, total: 4 },
      webhook: { configured: true, origin: "https://hooks.example.com" },
      customers: 1,
    });
  });

  it("says when no webhook URL is set", async () => {
    const { profile } = await makeReseller(t.db);
    expect((await getResellerDashboard({ db: t.db, now: new Date("2030-06-01T00:00:00Z"), actor: { resellerId: profile.id } })).webhook).toEqual({ configured: false });
  });
});
