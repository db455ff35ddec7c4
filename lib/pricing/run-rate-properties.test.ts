import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { makeProduct, makeReseller } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { computeRunRate } from "./run-rate";
import { REF_CYCLES, fromUnits, refRunRate, type RefHeldService, type RefPaidOrder, type RefServiceStatus } from "./testing/reference-pricing";

// computeRunRate on generated holdings and orders, in the database, against the reference's exact
// run-rate (reseller-api "Tiers"). Few runs: each one writes a reseller's whole history.

let t: TestDb;
const NOW = new Date("2031-03-10T12:00:00Z");
const DAY = 86_400_000;
let productId: string;
let optionId: string;

beforeAll(async () => {
  t = await createTestDb();
  productId = (await makeProduct(t.db)).id;
  optionId = (await t.db.productOption.create({ data: { name: "Disk", slug: `disk-${randomBytes(3).toString("hex")}`, pricingType: "recurring" } })).id;
});
afterAll(async () => {
  await t.close();
});

const figure = fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 50_000_000n }), fc.integer({ min: 1, max: 500 }).map((n) => BigInt(n) * 10_000n)).map(fromUnits);
const STATUSES: RefServiceStatus[] = ["pending_payment", "pending", "active", "suspended", "provisioning_failed", "terminated", "cancelled"];

const service: fc.Arbitrary<RefHeldService> = fc.record({
  status: fc.constantFrom(...STATUSES),
  cycle: fc.constantFrom(...REF_CYCLES),
  amount: figure,
  addOns: fc.array(fc.record({ amount: figure, cancelled: fc.boolean() }), { maxLength: 2 }),
});

const order: fc.Arbitrary<RefPaidOrder> = fc.record({
  paid: fc.boolean(),
  ageDays: fc.integer({ min: 0, max: 40 }),
  items: fc.array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 3 }),
      setupFee: figure,
      options: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 3 }), setupFee: figure }), { maxLength: 2 }),
    }),
    { minLength: 1, maxLength: 2 },
  ),
});

async function write(accountId: string, services: RefHeldService[], orders: RefPaidOrder[]) {
  for (const s of services) {
    await t.db.service.create({
      data: {
        accountId,
        productId,
        name: `srv-${randomBytes(3).toString("hex")}`,
        status: s.status,
        billingCycle: s.cycle as BillingCycle,
        amount: s.amount,
        currency: "EUR",
        options: { create: s.addOns.map((a) => ({ optionId, status: a.cancelled ? ("cancelled" as const) : ("active" as const), amount: a.amount })) },
      },
    });
  }
  for (const o of orders) {
    await t.db.order.create({
      data: {
        orderNumber: `ORD-${randomBytes(6).toString("hex")}`,
        accountId,
        currency: "EUR",
        exchangeRate: "1",
        baseCurrency: "EUR",
        baseAmount: "0",
        amount: "0",
        total: "0",
        paymentStatus: o.paid ? "paid" : "pending",
        status: o.paid ? "paid" : "pending",
        createdAt: new Date(NOW.getTime() - o.ageDays * DAY),
        items: {
          create: o.items.map((item) => ({
            productId,
            billingCycle: "monthly" as const,
            quantity: item.quantity,
            unitPrice: "1",
            setupFee: item.setupFee,
            priceRule: "retail",
            options: { create: item.options.map((opt) => ({ optionId, quantity: opt.quantity, unitPrice: "0", setupFee: opt.setupFee })) },
          })),
        },
      },
    });
  }
}

describe("computeRunRate against the reference", () => {
  it("held services per month (terminated and cancelled excluded, suspended included) plus paid one-offs of the last 30 days", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(service, { maxLength: 6 }), fc.array(order, { maxLength: 3 }), async (services, orders) => {
        const reseller = await makeReseller(t.db);
        await write(reseller.account.id, services, orders);
        const got = await computeRunRate(t.db, reseller.profile.id, NOW);
        expect(got.runRate.toFixed(4)).toBe(refRunRate(services, orders));
        expect(got.recurring.toFixed(4)).toBe(refRunRate(services, []));
        expect(got.oneOff.toFixed(4)).toBe(refRunRate([], orders));
      }),
      { numRuns: 25 },
    );
  });
});
