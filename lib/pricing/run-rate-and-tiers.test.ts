import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillingCycle, ServiceStatus } from "@/lib/generated/prisma/client";
import { makeCustomer, makeProduct, makeReseller } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { recomputeResellerTier } from "./recompute-reseller-tier";
import { computeRunRate } from "./run-rate";

let t: TestDb;
const NOW = new Date("2030-06-15T00:00:00Z");
const DAY = 86_400_000;
let productId: string;
let optionId: string;
let tiers: Record<"bronze" | "silver" | "gold", string>;

beforeAll(async () => {
  t = await createTestDb();
  productId = (await makeProduct(t.db)).id;
  optionId = (await t.db.productOption.create({ data: { name: "RAM", slug: `ram-${randomBytes(3).toString("hex")}`, pricingType: "recurring" } })).id;
  await t.db.exchangeRate.create({ data: { baseCurrency: "EUR", quoteCurrency: "USD", rate: "1.10000000", effectiveAt: new Date("2030-01-01T00:00:00Z") } });
  const tier = (name: string, min: string, sortOrder: number) =>
    t.db.tier.create({ data: { name, minMonthlyRunRate: min, defaultDiscountPercent: "0", sortOrder } }).then((x) => x.id);
  tiers = { bronze: await tier("Bronze", "0", 1), silver: await tier("Silver", "270.3", 2), gold: await tier("Gold", "1000", 3) };
});
afterAll(async () => {
  await t.close();
});

async function service(accountId: string, status: ServiceStatus, cycle: BillingCycle, amount: string, currency = "EUR") {
  return t.db.service.create({ data: { accountId, productId, name: `srv-${randomBytes(3).toString("hex")}`, status, billingCycle: cycle, amount, currency } });
}

async function order(
  accountId: string,
  data: { paid: boolean; ageMs: number; currency?: string; rate?: string; items: { quantity: number; setupFee: string; optionSetupFees?: [string, number][] }[] },
) {
  const created = await t.db.order.create({
    data: {
      orderNumber: `ORD-${randomBytes(5).toString("hex")}`,
      accountId,
      currency: data.currency ?? "EUR",
      exchangeRate: data.rate ?? "1",
      baseCurrency: "EUR",
      baseAmount: "0",
      amount: "0",
      total: "0",
      paymentStatus: data.paid ? "paid" : "pending",
      status: data.paid ? "paid" : "pending",
      createdAt: new Date(NOW.getTime() - data.ageMs),
    },
  });
  for (const item of data.items) {
    await t.db.orderItem.create({
      data: {
        orderId: created.id,
        productId,
        billingCycle: "monthly",
        quantity: item.quantity,
        unitPrice: "10",
        setupFee: item.setupFee,
        priceRule: "retail",
        options: { create: (item.optionSetupFees ?? []).map(([setupFee, quantity]) => ({ optionId, quantity, unitPrice: "0", setupFee })) },
      },
    });
  }
}

/** A reseller holding a bit of everything; expected run-rate 112.3 recurring + 158 one-off = 270.3. */
async function busyReseller() {
  const r = await makeReseller(t.db);
  const a = r.account.id;
  const monthly = await service(a, "active", "monthly", "30");
  await t.db.serviceOption.createMany({
    data: [
      { serviceId: monthly.id, optionId, status: "active", amount: "3" },
      { serviceId: monthly.id, optionId, status: "pending_payment", amount: "2" },
      { serviceId: monthly.id, optionId, status: "cancelled", amount: "100" },
      { serviceId: monthly.id, optionId, status: "active", amount: null, setupFee: "79" },
    ],
  });
  await service(a, "suspended", "quarterly", "90"); // 30 a month: suspended still counts
  await service(a, "installing", "annually", "120"); // 10
  await service(a, "pending", "hourly", "0.01"); // 7.3 (730 hours)
  await service(a, "provisioning_failed", "semi_annually", "60"); // 10
  await service(a, "terminated", "monthly", "1000");
  await service(a, "cancelled", "monthly", "1000");
  await service(a, "active", "monthly", "22", "USD"); // 20 EUR at 1 EUR = 1.1 USD
  const other = await makeCustomer(t.db);
  await service(other.account.id, "active", "monthly", "500");

  await order(a, { paid: true, ageMs: 10 * DAY, items: [{ quantity: 2, setupFee: "49", optionSetupFees: [["25", 1]] }] }); // 148
  await order(a, { paid: true, ageMs: 5 * DAY, currency: "USD", rate: "1.25", items: [{ quantity: 1, setupFee: "12.5" }] }); // 10 EUR
  await order(a, { paid: true, ageMs: 30 * DAY - 1000, items: [{ quantity: 1, setupFee: "0" }] }); // inside the window, nothing one-off
  await order(a, { paid: true, ageMs: 30 * DAY, items: [{ quantity: 1, setupFee: "500" }] }); // exactly 30 days: outside
  await order(a, { paid: true, ageMs: 31 * DAY, items: [{ quantity: 1, setupFee: "500" }] });
  await order(a, { paid: false, ageMs: DAY, items: [{ quantity: 1, setupFee: "500" }] });
  await order(a, { paid: true, ageMs: -40 * DAY, items: [{ quantity: 1, setupFee: "500" }] }); // after `now`
  await order(other.account.id, { paid: true, ageMs: DAY, items: [{ quantity: 1, setupFee: "500" }] });
  return { ...r, monthly };
}

describe("computeRunRate", () => {
  it("normalises held services per month, counts suspended, skips terminated and cancelled, adds 30 days of one-off spend", async () => {
    const r = await busyReseller();
    const rate = await computeRunRate(t.db, r.profile.id, NOW);
    expect(rate.recurring.toString()).toBe("112.3");
    expect(rate.oneOff.toString()).toBe("158");
    expect(rate.runRate.toString()).toBe("270.3");
    expect(rate.currency).toBe("EUR");
  });

  it("is zero for a reseller holding nothing", async () => {
    const r = await makeReseller(t.db);
    expect((await computeRunRate(t.db, r.profile.id, NOW)).runRate.toString()).toBe("0");
  });

  it("refuses an unknown reseller", async () => {
    await expect(computeRunRate(t.db, "00000000-0000-4000-8000-000000000000", NOW)).rejects.toThrow("Reseller not found");
  });
});

describe("recomputeResellerTier", () => {
  it("stores the tier reached exactly at its threshold, then leaves it alone while nothing changes", async () => {
    const r = await busyReseller();
    const first = await recomputeResellerTier(t.db, r.profile.id, NOW);
    expect(first).toMatchObject({ computedTierId: tiers.silver, previousTierId: null, tierId: tiers.silver, changed: true, pinned: false });
    expect(first.runRate.toString()).toBe("270.3");
    expect((await t.db.resellerProfile.findUniqueOrThrow({ where: { id: r.profile.id } })).tierId).toBe(tiers.silver);

    const again = await recomputeResellerTier(t.db, r.profile.id, NOW);
    expect(again).toMatchObject({ tierId: tiers.silver, changed: false });

    // Terminating the 30/month service (and its 5 of add-ons) drops the run-rate below Silver.
    await t.db.service.update({ where: { id: r.monthly.id }, data: { status: "terminated" } });
    const down = await recomputeResellerTier(t.db, r.profile.id, NOW);
    expect(down).toMatchObject({ previousTierId: tiers.silver, tierId: tiers.bronze, changed: true });
    expect(down.runRate.toString()).toBe("235.3");
  });

  it("counts only the last 30 days of one-off spend: later, the same reseller falls back", async () => {
    const r = await busyReseller();
    const later = new Date(NOW.getTime() + 21 * DAY); // the 148 order is now 31 days old, the USD one 26
    const rate = await computeRunRate(t.db, r.profile.id, later);
    expect(rate.oneOff.toString()).toBe("10");
    expect((await recomputeResellerTier(t.db, r.profile.id, later)).tierId).toBe(tiers.bronze);
  });

  it("leaves a pinned tier alone whatever the run-rate", async () => {
    const r = await busyReseller();
    await t.db.resellerProfile.update({ where: { id: r.profile.id }, data: { tierId: tiers.gold, tierPinned: true } });
    const result = await recomputeResellerTier(t.db, r.profile.id, NOW);
    expect(result).toMatchObject({ computedTierId: tiers.silver, tierId: tiers.gold, changed: false, pinned: true });
    expect((await t.db.resellerProfile.findUniqueOrThrow({ where: { id: r.profile.id } })).tierId).toBe(tiers.gold);
  });
});
