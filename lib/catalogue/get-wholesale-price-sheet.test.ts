import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { BILLING_CYCLES, apiBillingCycle, quoteOrder, type Decimal } from "@/lib/pricing";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { seedDemo } from "@/prisma/seed/seed-demo";
import { DEMO_RESELLER_EMAIL } from "@/prisma/seed/seed-reseller";
import { getWholesalePriceSheet, getWholesaleProductSheetOrThrow } from "./get-wholesale-price-sheet";

let t: TestDb;
let dataDir: string;
let resellerId: string;
let product: Record<string, string>;
const f = (d: Decimal | undefined | null) => d?.toFixed(4) ?? null;
const ctx = () => ({ db: t.db, now: new Date(), actor: { resellerId } });

beforeAll(async () => {
  t = await createTestDb();
  dataDir = mkdtempSync(path.join(tmpdir(), "rf-wholesale-"));
  await seedDemo(t.db, { baseUrl: "http://localhost:3000", dataDir });
  product = Object.fromEntries((await t.db.product.findMany()).map((p) => [p.slug, p.id]));
  resellerId = (await t.db.resellerProfile.findFirstOrThrow({ where: { account: { owner: { email: DEMO_RESELLER_EMAIL } } } })).id;
});
afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("getWholesalePriceSheet on the demo seed (Bronze, 6 % own discount)", () => {
  it("lists every enabled product with the tier and the reseller's own percentage", async () => {
    const sheet = await getWholesalePriceSheet(ctx());
    expect(sheet.tier?.name).toBe("Bronze");
    expect(sheet.resellerDiscountPercent.toString()).toBe("6");
    expect(sheet.baseCurrency).toBe("EUR");
    expect(sheet.products.map((p) => p.product.slug).sort()).toEqual(Object.keys(product).sort());
    expect(sheet.products.every((p) => p.cycles.map((c) => c.cycle).join() === BILLING_CYCLES.join())).toBe(true);
    // Priced and listed, but marked: no backend builds them yet, so an order is refused.
    // Game servers are built on game nodes, so they are orderable and carry no mark.
    expect(sheet.products.filter((p) => p.notOrderable).map((p) => [p.product.slug, p.notOrderable])).toEqual([
      ["ip-transit-1g", "IP transit products cannot be ordered yet: no backend builds them"],
      ["colo-1u", "Colocation products cannot be ordered yet: no backend builds them"],
    ]);
    expect(sheet.products.filter((p) => p.product.kind === "game").map((p) => [p.product.slug, p.notOrderable])).toEqual([
      ["game-minecraft-8gb", null],
      ["game-nodejs-1gb", null],
    ]);
  });

  it("VPS S: the reseller's 6 % on retail, retail beside it, semi-annually not sold", async () => {
    const { row } = await getWholesaleProductSheetOrThrow(ctx(), { productId: product["vps-s"]! });
    const monthly = row.cycles.find((c) => c.cycle === "monthly")!;
    expect([f(monthly.wholesale?.amount), monthly.wholesale?.rule, f(monthly.retail?.amount)]).toEqual(["6.1100", "reseller_discount", "6.5000"]);
    const semi = row.cycles.find((c) => c.cycle === "semi_annually")!;
    expect([semi.wholesale, semi.retail]).toEqual([null, null]);
    expect([row.discount.rule, row.discount.percent.toString()]).toEqual(["reseller_discount", "6"]);
  });

  it("Xeon: Bronze price book monthly with the setup fee waived, 7 % category discount quarterly; locations with surcharges", async () => {
    const { row } = await getWholesaleProductSheetOrThrow(ctx(), { productId: product["ds-xeon-e2388g"]! });
    const monthly = row.cycles.find((c) => c.cycle === "monthly")!.wholesale!;
    expect([f(monthly.amount), monthly.rule, f(monthly.setupFee), monthly.setupFeeRule]).toEqual(["109.0000", "tier_price_book", "0.0000", "tier_price_book"]);
    const quarterly = row.cycles.find((c) => c.cycle === "quarterly")!.wholesale!;
    expect([f(quarterly.amount), quarterly.rule]).toEqual(["321.7800", "tier_category_discount"]);
    expect(row.cycles.find((c) => c.cycle === "hourly")!.wholesale).toBeNull();
    expect(row.locations.map((l) => [l.value, f(l.surchargeMonthly)])).toContainEqual(["fra1", "5.0000"]);
    const ram = row.options.find((o) => o.name.startsWith("Additional 32 GB"))!;
    const ramMonthly = ram.cycles.find((c) => c.cycle === "monthly")!;
    expect([f(ramMonthly.wholesale?.amount), ramMonthly.wholesale?.rule]).toEqual(["17.6700", "tier_category_discount"]);
  });

  it("agrees with quoteOrder on every cycle of every product it prices", async () => {
    const sheet = await getWholesalePriceSheet(ctx());
    let compared = 0;
    for (const p of sheet.products) {
      for (const c of p.cycles) {
        if (!c.wholesale) continue;
        const location = p.product.locationRequired ? p.locations[0]?.value : undefined;
        const q = await quoteOrder(
          t.db,
          { buyer: { kind: "reseller", resellerId }, items: [{ productId: p.product.id, billingCycle: apiBillingCycle(c.cycle), location }], at: new Date() },
          { enforceLimits: false },
        );
        const line = q.lines[0]!;
        expect([f(line.unitPrice), line.unitPriceRule, f(line.setupFee)]).toEqual([f(c.wholesale.amount), c.wholesale.rule, f(c.wholesale.setupFee)]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("an unknown or malformed product id is not found", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      await expect(getWholesaleProductSheetOrThrow(ctx(), { productId: id })).rejects.toThrow(DomainError);
    }
  });
});
