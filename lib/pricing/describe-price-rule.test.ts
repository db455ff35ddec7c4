import { describe, expect, it } from "vitest";
import { describePriceRule, formatPercent, PRICE_RULE_LABEL } from "./describe-price-rule";
import { dec } from "./money";
import { PRICE_RULES } from "./price-rule";

describe("describePriceRule", () => {
  const ctx = { tierName: "Bronze", percent: dec("7.00"), categoryName: "Dedicated servers" };

  it("names the tier, the category and the percentage", () => {
    expect(PRICE_RULES.map((r) => describePriceRule(r, ctx))).toEqual([
      "Your override price",
      "Bronze price book",
      "Your discount for this product: 7 % off retail",
      "Bronze discount for Dedicated servers: 7 % off retail",
      "Bronze tier discount: 7 % off retail",
      "Your default discount: 7 % off retail",
      "Retail price",
    ]);
  });

  it("without a tier or category it still says something true", () => {
    expect(describePriceRule("tier_price_book", { tierName: null, percent: dec(0) })).toBe("Your tier price book");
    expect(describePriceRule("tier_category_discount", { tierName: "Gold", percent: dec("12.5") })).toBe("Gold discount for this category: 12.5 % off retail");
  });

  it("every rule has a short label; percentages lose trailing zeros", () => {
    expect(PRICE_RULES.every((r) => PRICE_RULE_LABEL[r].length > 0)).toBe(true);
    expect([formatPercent(dec("6.00")), formatPercent(dec("5.50")), formatPercent(dec("12.255"))]).toEqual(["6 %", "5.5 %", "12.26 %"]);
  });
});
