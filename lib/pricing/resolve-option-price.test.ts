import { describe, expect, it } from "vitest";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { dec } from "./money";
import type { PriceRule } from "./price-rule";
import type { OptionPricing } from "./pricing-data";
import { OptionCycleNotSoldError } from "./pricing-errors";
import { NO_DISCOUNT, resolveDiscount, type Discount } from "./resolve-discount";
import { resolveOptionPrice } from "./resolve-option-price";
import { option, prices, terms, type TermsSpec } from "./test-fixtures";

// Retail: monthly 2, annually 20 (its own price, cheaper than 12 × 2); setup fee 5.
const IPV4 = option({ id: "ipv4", retail: prices({ monthly: "2", annually: "20" }), setupFee: dec("5") });
const MIGRATION = option({ id: "migration", name: "Assisted migration", pricingType: "one_time", retail: {}, oneTimePrice: dec("79"), setupFee: dec("10") });

type Row = [name: string, opt: OptionPricing, spec: TermsSpec | null, cycle: BillingCycle, price: string, rule: PriceRule, setup: string, setupRule: PriceRule];

const CASES: Row[] = [
  // Retail, with the monthly × months and / 720 derivations.
  ["customer monthly: own price", IPV4, null, "monthly", "2", "retail", "5", "retail"],
  ["customer quarterly: monthly × 3", IPV4, null, "quarterly", "6", "retail", "5", "retail"],
  ["customer semi-annually: monthly × 6", IPV4, null, "semi_annually", "12", "retail", "5", "retail"],
  ["customer annually: its own price wins over monthly × 12", IPV4, null, "annually", "20", "retail", "5", "retail"],
  ["customer hourly: monthly / 720", IPV4, null, "hourly", "0.0028", "retail", "5", "retail"],
  // Wholesale: the product's percentage, applied after the derivation.
  ["reseller quarterly: (monthly × 3) less the product's percentage", IPV4, { tierDefault: "10" }, "quarterly", "5.4", "tier_discount", "4.5", "tier_discount"],
  ["reseller hourly: (monthly / 720) less the percentage", IPV4, { reseller: "10" }, "hourly", "0.0025", "reseller_discount", "4.5", "reseller_discount"],
  ["reseller with a per-product percentage", IPV4, { productDiscount: "25", tierDefault: "50" }, "monthly", "1.5", "product_discount", "3.75", "product_discount"],
  // Tier option prices, with the same derivation.
  ["tier option price for the cycle", IPV4, { tierDefault: "10", tierOptionPrices: { ipv4: { monthly: ["1.5", "2"] } } }, "monthly", "1.5", "tier_price_book", "2", "tier_price_book"],
  ["tier option price: quarterly = monthly × 3", IPV4, { tierOptionPrices: { ipv4: { monthly: ["1.5"] } } }, "quarterly", "4.5", "tier_price_book", "5", "retail"],
  ["tier option price: annually = monthly × 12 (not the retail annual price)", IPV4, { tierOptionPrices: { ipv4: { monthly: ["1.5"] } } }, "annually", "18", "tier_price_book", "5", "retail"],
  ["tier option price: hourly = monthly / 720", IPV4, { tierOptionPrices: { ipv4: { monthly: ["1.5"] } } }, "hourly", "0.0021", "tier_price_book", "5", "retail"],
  ["tier option price for the cycle itself beats the derivation", IPV4, { tierOptionPrices: { ipv4: { monthly: ["1.5"], quarterly: ["4"] } } }, "quarterly", "4", "tier_price_book", "5", "retail"],
  ["tier option price without a setup fee: setup less the percentage", IPV4, { reseller: "20", tierOptionPrices: { ipv4: { monthly: ["1.5"] } } }, "monthly", "1.5", "tier_price_book", "4", "reseller_discount"],
  ["a quarterly-only tier entry does not price annually", IPV4, { tierDefault: "10", tierOptionPrices: { ipv4: { quarterly: ["4"] } } }, "annually", "18", "tier_discount", "4.5", "tier_discount"],
  ["another option's tier entry does not apply", IPV4, { tierDefault: "10", tierOptionPrices: { other: { monthly: ["0.01"] } } }, "monthly", "1.8", "tier_discount", "4.5", "tier_discount"],
  // A percentage leaving more places than the cent: each figure rounded once, half-up.
  ["reseller 6.5 %: 1.87 monthly, setup 4.675 → 4.68", IPV4, { reseller: "6.5" }, "monthly", "1.87", "reseller_discount", "4.68", "reseller_discount"],
  ["reseller 6.5 %: annual 18.70, quarterly derived 5.61", IPV4, { reseller: "6.5" }, "annually", "18.7", "reseller_discount", "4.68", "reseller_discount"],
  ["reseller 7 % hourly: 0.0028 less 7 % = 0.002604 → 0.0026 (a rate keeps 4 places)", IPV4, { reseller: "7" }, "hourly", "0.0026", "reseller_discount", "4.65", "reseller_discount"],
  // One-time options: billed once on the setup side, no separate setup fee.
  ["one-time, customer", MIGRATION, null, "monthly", "0", "retail", "79", "retail"],
  ["one-time, on an annual order: still once, not × 12", MIGRATION, null, "annually", "0", "retail", "79", "retail"],
  ["one-time, on an hourly order: once", MIGRATION, null, "hourly", "0", "retail", "79", "retail"],
  ["one-time, reseller percentage", MIGRATION, { reseller: "6" }, "monthly", "0", "reseller_discount", "74.26", "reseller_discount"],
  ["one-time, reseller percentage leaving three places: 79 less 6.5 % = 73.865 → 73.87", MIGRATION, { reseller: "6.5" }, "monthly", "0", "reseller_discount", "73.87", "reseller_discount"],
  ["one-time, tier entry (monthly row) on any cycle", MIGRATION, { reseller: "6", tierOptionPrices: { migration: { monthly: ["60", "99"] } } }, "annually", "0", "tier_price_book", "60", "tier_price_book"],
  ["one-time, tier entry for the order's cycle first", MIGRATION, { tierOptionPrices: { migration: { monthly: ["60"], annually: ["55"] } } }, "annually", "0", "tier_price_book", "55", "tier_price_book"],
];

describe("resolveOptionPrice", () => {
  it.each(CASES)("%s", (_name, opt, spec, cycle, price, rule, setup, setupRule) => {
    const t = spec ? terms(spec) : null;
    const r = resolveOptionPrice(opt, cycle, t, resolveDiscount(t), "EUR");
    expect([r.price.amount.toString(), r.price.rule, r.setupFee.amount.toString(), r.setupFee.rule]).toEqual([
      dec(price).toString(),
      rule,
      dec(setup).toString(),
      setupRule,
    ]);
    expect(r.pricingType).toBe(opt.pricingType);
  });

  it("uses the percentage of the product it is ordered with, not one of its own", () => {
    const productDiscount: Discount = { percent: dec("30"), rule: "product_discount" };
    const r = resolveOptionPrice(IPV4, "monthly", terms({ reseller: "5" }), productDiscount, "EUR");
    expect([r.price.amount.toString(), r.price.rule]).toEqual(["1.4", "product_discount"]);
  });

  it("refuses a cycle it has no price for and cannot derive", () => {
    const quarterlyOnly = option({ name: "Odd add-on", retail: prices({ quarterly: "6" }) });
    expect(() => resolveOptionPrice(quarterlyOnly, "monthly", null, NO_DISCOUNT, "EUR")).toThrow(
      new OptionCycleNotSoldError(quarterlyOnly, "monthly").message,
    );
    expect(() => resolveOptionPrice(quarterlyOnly, "semi_annually", null, NO_DISCOUNT, "EUR")).toThrow("Option 'Odd add-on' is not sold on the 'semi-annually' billing cycle");
    expect(resolveOptionPrice(quarterlyOnly, "quarterly", null, NO_DISCOUNT, "EUR").price.amount.toString()).toBe("6");
    const unpriced = option({ pricingType: "one_time", retail: {}, oneTimePrice: null });
    expect(() => resolveOptionPrice(unpriced, "monthly", null, NO_DISCOUNT, "EUR")).toThrow(OptionCycleNotSoldError);
  });

  it("never prices an option on a missing cycle at zero", () => {
    expect(() => resolveOptionPrice(option({ retail: {} }), "monthly", null, NO_DISCOUNT, "EUR")).toThrow(OptionCycleNotSoldError);
  });
});
