import { describe, expect, it } from "vitest";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { dec } from "./money";
import type { PriceRule } from "./price-rule";
import { CycleNotSoldError } from "./pricing-errors";
import { resolveDiscount } from "./resolve-discount";
import { resolveProductPrice, soldAtRetail } from "./resolve-product-price";
import { prices, product, terms, type TermsSpec } from "./test-fixtures";

// Retail: monthly 100, quarterly 280, annually 1000, hourly 0.2 (disabled by the category),
// semi-annually not priced; setup fee 50.
const PLAN = product({
  retail: prices({ monthly: "100", quarterly: "280", annually: "1000", hourly: "0.2" }),
  disabledCycles: ["hourly"],
  setupFee: dec("50"),
});

type Row = [name: string, spec: TermsSpec | null, cycle: BillingCycle, price: string, priceRule: PriceRule, setup: string, setupRule: PriceRule];

const CASES: Row[] = [
  ["customer: retail", null, "monthly", "100.0000", "retail", "50.0000", "retail"],
  ["customer: retail quarterly", null, "quarterly", "280.0000", "retail", "50.0000", "retail"],
  [
    "1. override beats price book and every percentage",
    { overrides: { monthly: ["70", "10"] }, tierPrices: { monthly: ["80", "5"] }, productDiscount: "40", tierDefault: "50", reseller: "60" },
    "monthly", "70", "reseller_override", "10", "reseller_override",
  ],
  [
    "1. override for another cycle does not apply",
    { overrides: { quarterly: ["200"] }, reseller: "10" },
    "monthly", "90.0000", "reseller_discount", "45.0000", "reseller_discount",
  ],
  [
    "1. override without setup fee: the setup fee falls to the price book",
    { overrides: { monthly: ["70"] }, tierPrices: { monthly: ["80", "5"] } },
    "monthly", "70", "reseller_override", "5", "tier_price_book",
  ],
  [
    "1. override without setup fee and no book entry: setup fee less the percentage",
    { overrides: { monthly: ["70"] }, tierDefault: "10", reseller: "4" },
    "monthly", "70", "reseller_override", "45.0000", "tier_discount",
  ],
  [
    "2. price book beats the percentages",
    { tierPrices: { monthly: ["80", "0"] }, productDiscount: "40", tierDefault: "50" },
    "monthly", "80", "tier_price_book", "0", "tier_price_book",
  ],
  [
    "2. price book without setup fee: setup fee less the percentage",
    { tierPrices: { monthly: ["80"] }, tierCategory: "12" },
    "monthly", "80", "tier_price_book", "44.0000", "tier_category_discount",
  ],
  [
    "3. per-product percentage wins even when smaller than the tier's",
    { productDiscount: "5", tierDefault: "30", reseller: "20" },
    "monthly", "95.0000", "product_discount", "47.5000", "product_discount",
  ],
  [
    "3. per-product percentage of 0 sells at retail on purpose",
    { productDiscount: "0", tierDefault: "30" },
    "monthly", "100.0000", "product_discount", "50.0000", "product_discount",
  ],
  [
    "3. tier category percentage better than the reseller's",
    { tierCategory: "12", reseller: "6" },
    "quarterly", "246.4000", "tier_category_discount", "44.0000", "tier_category_discount",
  ],
  [
    "3. tier default percentage better than the reseller's",
    { tierDefault: "8", reseller: "6" },
    "annually", "920.0000", "tier_discount", "46.0000", "tier_discount",
  ],
  [
    "3. reseller percentage better than the tier's",
    { tierDefault: "5", reseller: "6" },
    "monthly", "94.0000", "reseller_discount", "47.0000", "reseller_discount",
  ],
  [
    "3. a tie goes to the tier",
    { tierDefault: "6", reseller: "6" },
    "monthly", "94.0000", "tier_discount", "47.0000", "tier_discount",
  ],
  ["3. no tier: the reseller's percentage", { reseller: "6" }, "monthly", "94.0000", "reseller_discount", "47.0000", "reseller_discount"],
  ["3. every percentage 0: retail", { tierDefault: "0", reseller: "0" }, "monthly", "100.0000", "retail", "50.0000", "retail"],
  [
    "an override sells a cycle the category disables",
    { overrides: { hourly: ["0.15"] } },
    "hourly", "0.15", "reseller_override", "50.0000", "retail",
  ],
  [
    "a price-book entry sells a cycle without a retail price",
    { tierPrices: { semi_annually: ["500", "20"] }, tierDefault: "10" },
    "semi_annually", "500", "tier_price_book", "20", "tier_price_book",
  ],
];

describe("resolveProductPrice: precedence", () => {
  it.each(CASES)("%s", (_name, spec, cycle, price, priceRule, setup, setupRule) => {
    const r = resolveProductPrice(PLAN, cycle, spec ? terms(spec) : null);
    expect([r.price.amount.toString(), r.price.rule, r.setupFee.amount.toString(), r.setupFee.rule]).toEqual([
      dec(price).toString(),
      priceRule,
      dec(setup).toString(),
      setupRule,
    ]);
  });
});

describe("resolveProductPrice: cycles nobody prices", () => {
  it.each<[string, TermsSpec | null, BillingCycle, string]>([
    ["customer, no retail price", null, "semi_annually", "Product is not sold on the 'semi-annually' billing cycle"],
    ["customer, cycle disabled on the category despite a retail price", null, "hourly", "Product is not sold on the 'hourly' billing cycle"],
    ["reseller with every percentage, no retail price", { productDiscount: "10", tierDefault: "10", reseller: "10" }, "semi_annually", "Product is not sold on the 'semi-annually' billing cycle"],
    ["reseller, cycle disabled on the category", { reseller: "10" }, "hourly", "Product is not sold on the 'hourly' billing cycle"],
    ["reseller with entries on other cycles only", { overrides: { monthly: ["1"] }, tierPrices: { quarterly: ["2"] } }, "semi_annually", "Product is not sold on the 'semi-annually' billing cycle"],
  ])("%s → 400 with the cycle as the client writes it", (_name, spec, cycle, message) => {
    let caught: unknown;
    try {
      resolveProductPrice(PLAN, cycle, spec ? terms(spec) : null);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CycleNotSoldError);
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).message).toBe(message);
    expect((caught as DomainError).kind).toBe("invalid");
    expect((caught as CycleNotSoldError).cycle).toBe(cycle);
  });

  it("never prices a missing cycle at zero", () => {
    const free = product({ retail: prices({ monthly: "0" }) });
    expect(resolveProductPrice(free, "monthly", null).price.amount.toString()).toBe("0");
    expect(() => resolveProductPrice(free, "quarterly", null)).toThrow(CycleNotSoldError);
  });

  it("knows which cycles are sold at retail", () => {
    expect((["monthly", "quarterly", "semi_annually", "annually", "hourly"] as const).filter((c) => soldAtRetail(PLAN, c))).toEqual([
      "monthly",
      "quarterly",
      "annually",
    ]);
  });
});

describe("resolveProductPrice: setup fees and rounding", () => {
  it("charges no setup fee when the product has none, whatever the rule", () => {
    const noSetup = product({ setupFee: null });
    expect(resolveProductPrice(noSetup, "monthly", null).setupFee.amount.toString()).toBe("0");
    expect(resolveProductPrice(noSetup, "monthly", terms({ reseller: "10" })).setupFee.amount.toString()).toBe("0");
  });

  it("rounds a price once to the currency's minor unit, half-up; an hourly rate to 4 places", () => {
    const small = product({ retail: prices({ hourly: "0.0099", monthly: "6.5", quarterly: "18.9", annually: "70.2" }), setupFee: dec("4.99") });
    expect(resolveProductPrice(small, "hourly", terms({ reseller: "6" })).price.amount.toString()).toBe("0.0093");
    expect(resolveProductPrice(small, "monthly", terms({ tierDefault: "5" })).price.amount.toString()).toBe("6.18"); // 6.175
    // The demo reseller's 6 % (docs/decisions.md): 17.766 and 65.988 were shown while orders charged the cent.
    expect(resolveProductPrice(small, "quarterly", terms({ reseller: "6" })).price.amount.toString()).toBe("17.77");
    expect(resolveProductPrice(small, "annually", terms({ reseller: "6" })).price.amount.toString()).toBe("65.99");
    expect(resolveProductPrice(small, "monthly", terms({ reseller: "6" })).setupFee.amount.toString()).toBe("4.69"); // 4.6906
    // Stored figures with more places than the currency's are rounded too, and in the product's currency.
    expect(resolveProductPrice(small, "monthly", terms({ overrides: { monthly: ["5.555", "1.005"] } })).price.amount.toString()).toBe("5.56");
    expect(resolveProductPrice(small, "monthly", terms({ overrides: { monthly: ["5.555", "1.005"] } })).setupFee.amount.toString()).toBe("1.01");
    const yen = product({ currency: "JPY", retail: prices({ monthly: "1299" }) });
    expect(resolveProductPrice(yen, "monthly", terms({ reseller: "6" })).price.amount.toString()).toBe("1221"); // 1221.06
  });
});

describe("resolveDiscount", () => {
  it.each<[string, TermsSpec | null, string, string]>([
    ["customer", null, "0", "retail"],
    ["product override", { productDiscount: "3", tierCategory: "20" }, "3", "product_discount"],
    ["category beats reseller", { tierCategory: "15", reseller: "6" }, "15", "tier_category_discount"],
    ["reseller beats tier", { tierDefault: "5", reseller: "6" }, "6", "reseller_discount"],
    ["percentages above 100 are held at 100", { reseller: "120" }, "100", "reseller_discount"],
    ["negative percentages count as 0", { tierDefault: "-5", reseller: "0" }, "0", "retail"],
  ])("%s", (_name, spec, percent, rule) => {
    const d = resolveDiscount(spec ? terms(spec) : null);
    expect([d.percent.toString(), d.rule]).toEqual([percent, rule]);
  });
});
