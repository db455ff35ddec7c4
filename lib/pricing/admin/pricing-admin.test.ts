import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Db } from "@/lib/db/client";
import { makeProduct, makeReseller } from "@/lib/testing/factories";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { findExchangeRate } from "../exchange-rate";
import { quoteOrder } from "../quote-order";
import { findVatRate } from "../vat-rate";
import { addExchangeRate } from "./add-exchange-rate";
import { addVatRate } from "./add-vat-rate";
import { getProgrammeSettings, saveProgrammeSettings } from "./save-programme-settings";
import { categoryField, deleteTier, saveTier } from "./save-tier";
import { removeTierPrice, setTierOptionPrice, setTierPrice } from "./set-tier-price";

let t: TestDb;
const AT = new Date("2030-01-01T00:00:00Z");
const op = (): OperatorContext<Db> => ({ db: t.db, now: AT, actor: { userId: "operator-1" } });

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.close());

describe("tiers", () => {
  it("a price-book entry overrides the tier's discount for the next quote, and removing it restores the discount", async () => {
    const category = await t.db.productCategory.create({ data: { name: "VPS", slug: "admin-vps" } });
    const tier = await saveTier(op(), { tierId: null, tier: { name: "Bronze-A", sortOrder: "1", minMonthlyRunRate: "0", defaultDiscountPercent: "5" } });
    const product = await makeProduct(t.db, { prices: { monthly: "20.00" }, categoryId: category.id });
    const r = await makeReseller(t.db);
    await t.db.resellerProfile.update({ where: { id: r.profile.id }, data: { tierId: tier.id } });
    const quote = () => quoteOrder(t.db, { buyer: { kind: "reseller", resellerId: r.profile.id }, items: [{ productId: product.id, billingCycle: "monthly" }], at: AT }, { enforceLimits: false });

    let line = (await quote()).lines[0]!;
    expect([line.unitPrice.toFixed(2), line.unitPriceRule]).toEqual(["19.00", "tier_discount"]);

    // A per-category discount for the product's category beats the default.
    await saveTier(op(), { tierId: tier.id, tier: { name: "Bronze-A", sortOrder: "1", minMonthlyRunRate: "0", defaultDiscountPercent: "5", [categoryField(category.id)]: "10" } });
    line = (await quote()).lines[0]!;
    expect([line.unitPrice.toFixed(2), line.unitPriceRule]).toEqual(["18.00", "tier_category_discount"]);

    const entry = await setTierPrice(op(), { tierId: tier.id, price: { productId: product.id, cycle: "monthly", amount: "15.5", setupFee: "0" } });
    line = (await quote()).lines[0]!;
    expect([line.unitPrice.toFixed(2), line.unitPriceRule, line.setupFee.toFixed(2)]).toEqual(["15.50", "tier_price_book", "0.00"]);

    // Setting the same product and cycle again replaces the entry rather than adding a second one.
    await setTierPrice(op(), { tierId: tier.id, price: { productId: product.id, cycle: "monthly", amount: "16", setupFee: "" } });
    expect(await t.db.tierPrice.count({ where: { tierId: tier.id } })).toBe(1);
    expect((await quote()).lines[0]!.unitPrice.toFixed(2)).toBe("16.00");

    await removeTierPrice(op(), { tierId: tier.id, entryId: entry.id });
    // A blank category field removes the category row: the default 5 % applies again.
    await saveTier(op(), { tierId: tier.id, tier: { name: "Bronze-A", sortOrder: "1", minMonthlyRunRate: "0", defaultDiscountPercent: "5", [categoryField(category.id)]: "" } });
    line = (await quote()).lines[0]!;
    expect([line.unitPrice.toFixed(2), line.unitPriceRule]).toEqual(["19.00", "tier_discount"]);

    const held = await domainRefusal(deleteTier(op(), { tierId: tier.id }));
    expect(held.message).toBe("1 reseller is on this tier. Move them to another tier first.");
  });

  it("validates tier figures and refuses a duplicate name", async () => {
    const bad = await domainRefusal(saveTier(op(), { tierId: null, tier: { name: "X", sortOrder: "1", minMonthlyRunRate: "-1", defaultDiscountPercent: "150" } }));
    expect(bad.details!.map((d) => d.field).sort()).toEqual(["defaultDiscountPercent", "minMonthlyRunRate"]);
    await saveTier(op(), { tierId: null, tier: { name: "Silver-A", sortOrder: "2", minMonthlyRunRate: "500", defaultDiscountPercent: "8" } });
    const dup = await domainRefusal(saveTier(op(), { tierId: null, tier: { name: "Silver-A", sortOrder: "3", minMonthlyRunRate: "600", defaultDiscountPercent: "9" } }));
    expect(dup.details).toEqual([{ field: "name", message: "A tier named “Silver-A” already exists." }]);
  });

  it("refuses an option price for an unknown option", async () => {
    const tier = await saveTier(op(), { tierId: null, tier: { name: "Gold-A", sortOrder: "3", minMonthlyRunRate: "2500", defaultDiscountPercent: "12" } });
    const err = await domainRefusal(setTierOptionPrice(op(), { tierId: tier.id, price: { optionId: "00000000-0000-4000-8000-000000000000", cycle: "monthly", amount: "1" } }));
    expect(err.details![0]!.field).toBe("optionId");
  });
});

describe("programme, rates and VAT", () => {
  it("saves the programme; a blank minimum order is none, not 0", async () => {
    const saved = await saveProgrammeSettings(op(), { enabled: "on", paymentMode: "invoice", minimumOrderAmount: "", accountHourlyLimit: "5000", webhookMaxAttempts: "12" });
    expect(saved).toMatchObject({ paymentMode: "invoice", minimumOrderAmount: null, webhookMaxAttempts: 12, peerConnectionsEnabled: false });
    await saveProgrammeSettings(op(), { enabled: "on", paymentMode: "credit", minimumOrderAmount: "25", accountHourlyLimit: "5000", webhookMaxAttempts: "20" });
    expect((await getProgrammeSettings(op())).minimumOrderAmount?.toFixed(2)).toBe("25.00");
    const bad = await domainRefusal(saveProgrammeSettings(op(), { paymentMode: "cash", accountHourlyLimit: "0", webhookMaxAttempts: "x" }));
    expect(bad.details!.map((d) => d.field).sort()).toEqual(["accountHourlyLimit", "paymentMode", "webhookMaxAttempts"]);
  });

  it("an exchange rate takes over from its effective time", async () => {
    await addExchangeRate(op(), { quoteCurrency: "usd", rate: "1.1", effectiveAt: "2029-01-01T00:00" });
    await addExchangeRate(op(), { quoteCurrency: "USD", rate: "1.2", effectiveAt: "2030-06-01T00:00" });
    expect((await findExchangeRate(t.db, "EUR", "USD", AT))!.rate.toFixed(2)).toBe("1.10");
    expect((await findExchangeRate(t.db, "EUR", "USD", new Date("2030-07-01T00:00:00Z")))!.rate.toFixed(2)).toBe("1.20");
    const base = await domainRefusal(addExchangeRate(op(), { quoteCurrency: "EUR", rate: "1", effectiveAt: "" }));
    expect(base.details![0]).toEqual({ field: "quoteCurrency", message: "EUR is the base currency: its rate is always 1." });
    const zero = await domainRefusal(addExchangeRate(op(), { quoteCurrency: "GBP", rate: "0", effectiveAt: "" }));
    expect(zero.details![0]!.field).toBe("rate");
  });

  it("a VAT rate applies from its day; the same country and day twice is refused", async () => {
    await addVatRate(op(), { countryCode: "xx", ratePercent: "20", effectiveFrom: "2029-01-01" });
    await addVatRate(op(), { countryCode: "XX", ratePercent: "22.5", effectiveFrom: "2030-03-01" });
    expect((await findVatRate(t.db, "XX", AT)).ratePercent.toFixed(2)).toBe("20.00");
    expect((await findVatRate(t.db, "XX", new Date("2030-03-01T00:00:00Z"))).ratePercent.toFixed(2)).toBe("22.50");
    const dup = await domainRefusal(addVatRate(op(), { countryCode: "XX", ratePercent: "21", effectiveFrom: "2030-03-01" }));
    expect(dup.details![0]).toEqual({ field: "effectiveFrom", message: "XX already has a rate from 2030-03-01. Remove it first or pick another day." });
  });
});
