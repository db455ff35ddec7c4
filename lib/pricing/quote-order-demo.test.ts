import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { DEMO_CUSTOMER_EMAIL } from "@/prisma/seed/seed-customer";
import { seedDemo } from "@/prisma/seed/seed-demo";
import { DEMO_RESELLER_EMAIL } from "@/prisma/seed/seed-reseller";
import { loadPriceSheets } from "./price-sheet";
import { quoteOrder, type QuoteItemInput } from "./quote-order";
import { recomputeResellerTier } from "./recompute-reseller-tier";

// The demo catalogue (prisma/seed) priced end to end: what the portals show in order review.

let t: TestDb;
let dataDir: string;
const AT = new Date("2030-01-01T00:00:00Z");
let product: Record<string, string>;
let option: Record<string, string>;
let tier: Record<string, string>;
let customerAccountId: string;
let resellerId: string;

beforeAll(async () => {
  t = await createTestDb();
  dataDir = mkdtempSync(path.join(tmpdir(), "rf-pricing-"));
  await seedDemo(t.db, { baseUrl: "http://localhost:3000", dataDir });
  product = Object.fromEntries((await t.db.product.findMany()).map((p) => [p.slug, p.id]));
  option = Object.fromEntries((await t.db.productOption.findMany()).map((o) => [o.slug, o.id]));
  tier = Object.fromEntries((await t.db.tier.findMany()).map((x) => [x.name, x.id]));
  customerAccountId = (await t.db.clientAccount.findFirstOrThrow({ where: { owner: { email: DEMO_CUSTOMER_EMAIL } } })).id;
  resellerId = (await t.db.resellerProfile.findFirstOrThrow({ where: { account: { owner: { email: DEMO_RESELLER_EMAIL } } } })).id;
});
afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const customer = () => ({ kind: "customer", accountId: customerAccountId }) as const;
const reseller = () => ({ kind: "reseller", resellerId }) as const;
const f = (d: Prisma.Decimal) => d.toFixed(4);

async function onTier(name: string, fn: () => Promise<void>) {
  await t.db.resellerProfile.update({ where: { id: resellerId }, data: { tierId: tier[name]! } });
  try {
    await fn();
  } finally {
    await t.db.resellerProfile.update({ where: { id: resellerId }, data: { tierId: tier.Bronze! } });
  }
}

async function refusal(items: QuoteItemInput[], buyer: ReturnType<typeof customer> | ReturnType<typeof reseller> = customer()): Promise<DomainError> {
  try {
    await quoteOrder(t.db, { buyer, items, at: AT });
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("demo catalogue: the customer (NL) pays retail plus 21 % VAT", () => {
  it("VPS M with two extra IPv4, backups and an assisted migration", async () => {
    const q = await quoteOrder(t.db, {
      buyer: customer(),
      items: [
        {
          productId: product["vps-m"]!,
          billingCycle: "monthly",
          location: "ams1",
          options: [{ optionId: option["extra-ipv4"]!, quantity: 2 }, { optionId: option["daily-backups"]! }, { optionId: option["assisted-migration"]! }],
        },
      ],
      at: AT,
    });
    const line = q.lines[0]!;
    expect([line.unitPrice, line.recurringPerUnit, line.setupPerUnit].map(f)).toEqual(["12.9000", "19.9000", "79.0000"]);
    expect(line.location).toMatchObject({ value: "ams1", name: "Amsterdam" });
    expect(f(line.location!.surcharge)).toBe("0.0000");
    expect([q.amount, q.vatRate, q.vat, q.total].map((d) => d.toFixed(2))).toEqual(["98.90", "21.00", "20.77", "119.67"]);
    expect([q.currency, q.vatCountry]).toEqual(["EUR", "NL"]);
    expect(new Set([line.unitPriceRule, ...line.options.map((o) => o.rule)])).toEqual(new Set(["retail"]));
  });

  it("VPS S quarterly and annually are its own prices; semi-annually is not sold", async () => {
    const q = await quoteOrder(t.db, {
      buyer: customer(),
      items: [
        { productId: product["vps-s"]!, billingCycle: "quarterly" },
        { productId: product["vps-s"]!, billingCycle: "annually" },
        { productId: product["vps-s"]!, billingCycle: "hourly" },
      ],
      at: AT,
    });
    expect(q.lines.map((l) => f(l.unitPrice))).toEqual(["18.9000", "70.2000", "0.0099"]);
    expect((await refusal([{ productId: product["vps-s"]!, billingCycle: "semi-annually" }])).message).toBe(
      "Product is not sold on the 'semi-annually' billing cycle",
    );
  });

  it("dedicated servers: not by the hour, a datacentre required, its surcharge added yearly × 12", async () => {
    expect((await refusal([{ productId: product["ds-xeon-e2388g"]!, billingCycle: "hourly", location: "ams1" }])).message).toBe(
      "Product is not sold on the 'hourly' billing cycle",
    );
    const missing = await refusal([{ productId: product["colo-1u"]!, billingCycle: "monthly" }]);
    expect([missing.message, missing.details]).toEqual(["A datacentre must be selected", [{ field: "location", message: "A datacentre must be selected" }]]);
    const elsewhere = await refusal([{ productId: product["ds-epyc-7443p"]!, billingCycle: "monthly", location: "hel1" }]);
    expect([elsewhere.code, elsewhere.message]).toEqual(["LOCATION_UNAVAILABLE", "Location 'hel1' is not available for this product; accepted values: ams1, fra1"]);

    const q = await quoteOrder(t.db, { buyer: customer(), items: [{ productId: product["ds-epyc-7443p"]!, billingCycle: "annually", location: "ams1" }], at: AT });
    const line = q.lines[0]!;
    // 3121 + 15 × 12; setup 99 + 50.
    expect([line.unitPrice, line.location!.surcharge, line.serviceAmount, line.serviceSetupFee].map(f)).toEqual(["3121.0000", "180.0000", "3301.0000", "149.0000"]);
    expect(q.amount.toFixed(2)).toBe("3450.00");
  });

  it("a Finnish customer pays the VAT rate in force on the day", async () => {
    const { account } = await makeCustomer(t.db, { country: "FI" });
    const item = { productId: product["vps-s"]!, billingCycle: "monthly" };
    const before = await quoteOrder(t.db, { buyer: { kind: "customer", accountId: account.id }, items: [item], at: new Date("2024-08-31T12:00:00Z") });
    const after = await quoteOrder(t.db, { buyer: { kind: "customer", accountId: account.id }, items: [item], at: new Date("2024-09-01T00:00:00Z") });
    expect([before.vatRate.toString(), before.vat.toFixed(2), after.vatRate.toString(), after.vat.toFixed(2)]).toEqual(["24", "1.56", "25.5", "1.66"]);
  });
});

describe("demo catalogue: the reseller (Bronze, 6 % own discount, DE) pays wholesale", () => {
  it("Xeon monthly in fra1: Bronze price book 109 with its setup fee waived, add-ons at the dedicated category's 7 %, surcharge in full", async () => {
    const q = await quoteOrder(t.db, {
      buyer: reseller(),
      items: [
        {
          productId: product["ds-xeon-e2388g"]!,
          billingCycle: "monthly",
          location: "fra1",
          options: [{ optionId: option["extra-ram-32gb"]!, quantity: 2 }, { optionId: option["extra-ipv4"]! }],
        },
      ],
      at: AT,
    });
    const line = q.lines[0]!;
    expect([f(line.unitPrice), line.unitPriceRule, f(line.setupFee), line.setupFeeRule]).toEqual(["109.0000", "tier_price_book", "0.0000", "tier_price_book"]);
    expect([line.discountPercent.toString(), line.discountRule]).toEqual(["7", "tier_category_discount"]);
    expect(f(line.location!.surcharge)).toBe("5.0000");
    expect(line.options.map((o) => [f(o.unitPrice), f(o.setupFee), o.quantity, o.rule])).toEqual([
      ["17.6700", "23.2500", 2, "tier_category_discount"],
      ["1.8600", "0.0000", 1, "tier_category_discount"],
    ]);
    expect([line.recurringPerUnit, line.setupPerUnit].map(f)).toEqual(["151.2000", "46.5000"]);
    expect([q.amount, q.vatRate, q.vat, q.total].map((d) => d.toFixed(2))).toEqual(["197.70", "19.00", "37.56", "235.26"]);
    expect(q.buyer).toMatchObject({ kind: "reseller", channel: "reseller", resellerId, country: "DE" });
  });

  it("Xeon quarterly has no price-book entry: retail less 7 %", async () => {
    const q = await quoteOrder(t.db, { buyer: reseller(), items: [{ productId: product["ds-xeon-e2388g"]!, billingCycle: "quarterly", location: "fra1" }], at: AT });
    const line = q.lines[0]!;
    expect([f(line.unitPrice), line.unitPriceRule, f(line.setupFee), f(line.location!.surcharge)]).toEqual(["321.7800", "tier_category_discount", "45.5700", "15.0000"]);
  });

  it("VPS: the reseller's 6 % beats Bronze's 5 % (no VPS category entry for Bronze), also for the one-time migration", async () => {
    const q = await quoteOrder(t.db, {
      buyer: reseller(),
      items: [
        { productId: product["vps-s"]!, billingCycle: "monthly" },
        { productId: product["vps-m"]!, billingCycle: "monthly", options: [{ optionId: option["assisted-migration"]! }] },
      ],
      at: AT,
    });
    expect(q.lines.map((l) => [f(l.unitPrice), l.unitPriceRule])).toEqual([
      ["6.1100", "reseller_discount"],
      ["12.1300", "reseller_discount"], // 12.126 rounded once to the cent (docs/decisions.md)
    ]);
    expect([f(q.lines[1]!.options[0]!.setupFee), q.lines[1]!.options[0]!.rule]).toEqual(["74.2600", "reseller_discount"]);
  });

  it("on Silver: the VPS M price book for monthly, the tier's 8 % elsewhere", async () => {
    await onTier("Silver", async () => {
      const q = await quoteOrder(t.db, {
        buyer: reseller(),
        items: [
          { productId: product["vps-m"]!, billingCycle: "monthly" },
          { productId: product["vps-m"]!, billingCycle: "quarterly" },
        ],
        at: AT,
      });
      expect(q.lines.map((l) => [f(l.unitPrice), l.unitPriceRule])).toEqual([
        ["10.9000", "tier_price_book"],
        ["34.5000", "tier_discount"],
      ]);
    });
  });

  it("on Gold: the extra-IPv4 tier price (monthly, × 3, / 720) and the VPS category's 15 %", async () => {
    await onTier("Gold", async () => {
      const ipv4 = [{ optionId: option["extra-ipv4"]! }];
      const q = await quoteOrder(t.db, {
        buyer: reseller(),
        items: (["monthly", "quarterly", "hourly"] as const).map((billingCycle) => ({ productId: product["vps-l"]!, billingCycle, options: ipv4 })),
        at: AT,
      });
      expect(q.lines.map((l) => [f(l.options[0]!.unitPrice), l.options[0]!.rule])).toEqual([
        ["1.5000", "tier_price_book"],
        ["4.5000", "tier_price_book"],
        ["0.0021", "tier_price_book"],
      ]);
      expect(q.lines.map((l) => [f(l.unitPrice), l.unitPriceRule])).toEqual([
        ["21.1700", "tier_category_discount"], // 21.165 rounded half-up to the cent
        ["61.5400", "tier_category_discount"],
        ["0.0319", "tier_category_discount"],
      ]);
    });
  });

  it("price sheets agree with quotes: the Xeon's sold cycles and what each costs the reseller", async () => {
    const sheets = await loadPriceSheets(t.db, reseller(), [product["ds-xeon-e2388g"]!, product["vps-s"]!]);
    const xeon = sheets.get(product["ds-xeon-e2388g"]!)!;
    expect(Object.keys(xeon.cycles)).toEqual(["monthly", "quarterly", "semi_annually", "annually"]);
    expect(xeon.retailCycles).toEqual(["monthly", "quarterly", "semi_annually", "annually"]);
    expect([f(xeon.cycles.monthly!.amount), xeon.cycles.monthly!.rule, f(xeon.cycles.quarterly!.amount)]).toEqual(["109.0000", "tier_price_book", "321.7800"]);
    const ram = xeon.options.find((o) => o.optionId === option["extra-ram-32gb"])!;
    // Only the cycles the product is sold on: no hourly add-on price on a server not sold by the hour.
    expect(Object.keys(ram.cycles)).toEqual(["monthly", "quarterly", "semi_annually", "annually"]);
    expect([f(ram.cycles.monthly!.amount), ram.cycles.monthly!.rule, f(ram.cycles.monthly!.setupFee), f(ram.retail.annually!)]).toEqual([
      "17.6700",
      "tier_category_discount",
      "23.2500",
      "228.0000",
    ]);
    const migration = xeon.options.find((o) => o.optionId === option["assisted-migration"])!;
    expect([f(migration.oneTime!.amount), migration.oneTime!.rule, migration.cycles]).toEqual(["73.4700", "tier_category_discount", {}]);
    const vps = sheets.get(product["vps-s"]!)!;
    expect(Object.keys(vps.cycles)).toEqual(["monthly", "quarterly", "annually", "hourly"]);
    const ipv4 = vps.options.find((o) => o.optionId === option["extra-ipv4"])!;
    expect([f(ipv4.cycles.hourly!.amount), f(ipv4.retail.hourly!), ipv4.cycles.semi_annually]).toEqual(["0.0026", "0.0028", undefined]);
    const retail = await loadPriceSheets(t.db, customer(), [product["vps-s"]!]);
    expect(f(retail.get(product["vps-s"]!)!.cycles.monthly!.amount)).toBe("6.5000");
  });

  it("keeps the demo reseller on Bronze while it holds nothing", async () => {
    const result = await recomputeResellerTier(t.db, resellerId, AT);
    expect(result).toMatchObject({ tierId: tier.Bronze, computedTierId: tier.Bronze, changed: false });
    expect(result.runRate.toString()).toBe("0");
  });
});
