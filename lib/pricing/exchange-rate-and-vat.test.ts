import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { applyRate, convert, findExchangeRate } from "./exchange-rate";
import { dec } from "./money";
import { findVatRate, vatOn } from "./vat-rate";

let t: TestDb;
const T1 = new Date("2030-01-01T00:00:00Z");
const T2 = new Date("2030-02-01T00:00:00Z");

beforeAll(async () => {
  t = await createTestDb();
  await t.db.exchangeRate.createMany({
    data: [
      { baseCurrency: "EUR", quoteCurrency: "USD", rate: "1.10000000", effectiveAt: T1 },
      { baseCurrency: "EUR", quoteCurrency: "USD", rate: "1.20000000", effectiveAt: T2 },
      // Only the opposite pair is on file for GBP.
      { baseCurrency: "GBP", quoteCurrency: "EUR", rate: "1.15000000", effectiveAt: T1 },
    ],
  });
  await t.db.vatRate.createMany({
    data: [
      { countryCode: "XF", ratePercent: "24.00", effectiveFrom: new Date("2013-01-01T00:00:00Z") },
      { countryCode: "XF", ratePercent: "25.50", effectiveFrom: new Date("2024-09-01T00:00:00Z") },
    ],
  });
});
afterAll(async () => {
  await t.close();
});

describe("exchange rates in force", () => {
  it.each([
    ["at the first rate's moment", T1, "1.1"],
    ["between the two rates", new Date("2030-01-20T12:00:00Z"), "1.1"],
    ["exactly when the second takes effect", T2, "1.2"],
    ["after both", new Date("2031-01-01T00:00:00Z"), "1.2"],
  ])("uses the latest rate effective at or before the time: %s", async (_name, at, rate) => {
    const found = await findExchangeRate(t.db, "EUR", "USD", at);
    expect(found?.rate.toString()).toBe(rate);
    expect(found?.inverted).toBe(false);
    expect(found?.exchangeRateId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("has no rate before the first one", async () => {
    expect(await findExchangeRate(t.db, "EUR", "USD", new Date("2029-12-31T23:59:59Z"))).toBeNull();
  });

  it("inverts the opposite pair when only it is on file, to 8 places", async () => {
    const found = await findExchangeRate(t.db, "EUR", "GBP", T2);
    expect(found?.rate.toString()).toBe("0.86956522");
    expect(found?.inverted).toBe(true);
  });

  it("converts a currency to itself at 1 without a row", async () => {
    const same = await convert(t.db, dec("12.3456"), "EUR", "EUR", T1);
    expect([same.amount.toString(), same.currency, same.rate.toString(), same.fallback, same.exchangeRateId]).toEqual(["12.3456", "EUR", "1", false, null]);
  });

  it("converts at the rate in force and returns the rate used, rounded to 4 places", async () => {
    const before = await convert(t.db, dec("19.99"), "EUR", "USD", new Date("2030-01-15T00:00:00Z"));
    expect([before.amount.toString(), before.currency, before.rate.toString(), before.fallback]).toEqual(["21.989", "USD", "1.1", false]);
    const after = await convert(t.db, dec("0.0099"), "EUR", "USD", T2);
    expect([after.amount.toString(), after.rate.toString()]).toEqual(["0.0119", "1.2"]);
  });

  it("falls back to the base currency, unconverted, when no rate exists", async () => {
    const none = await convert(t.db, dec("10"), "EUR", "SEK", T2);
    expect([none.amount.toString(), none.currency, none.rate.toString(), none.fallback]).toEqual(["10", "EUR", "1", true]);
  });

  it("reapplies a stored rate exactly", () => {
    expect(applyRate(dec("12.9"), dec("1.08765432")).toString()).toBe("14.0307");
  });
});

describe("VAT rates", () => {
  it.each([
    ["before the change", new Date("2024-08-31T23:59:59Z"), "24"],
    ["from the day of the change", new Date("2024-09-01T00:00:00Z"), "25.5"],
    ["long after", new Date("2030-01-01T00:00:00Z"), "25.5"],
  ])("applies the rate in force: %s", async (_name, at, rate) => {
    const vat = await findVatRate(t.db, "XF", at);
    expect(vat.ratePercent.toString()).toBe(rate);
    expect(vat.countryCode).toBe("XF");
  });

  it("reads the country case-insensitively", async () => {
    expect((await findVatRate(t.db, " xf ", T1)).ratePercent.toString()).toBe("25.5");
  });

  it("charges no VAT in a country without a rate, or before its first rate", async () => {
    const none = await findVatRate(t.db, "US", T1);
    expect([none.ratePercent.toString(), none.effectiveFrom]).toEqual(["0", null]);
    expect((await findVatRate(t.db, "XF", new Date("2012-12-31T00:00:00Z"))).ratePercent.toString()).toBe("0");
  });

  it.each([
    ["98.90", "21", "20.77"],
    ["100.00", "25.5", "25.50"],
    ["0.01", "19", "0.00"],
    ["0.03", "19", "0.01"],
    ["10.00", "0", "0.00"],
  ])("VAT on %s at %s%% = %s (2 places half-up)", (amount, rate, vat) => {
    expect(vatOn(dec(amount), dec(rate), "EUR").toFixed(2)).toBe(vat);
  });
});
