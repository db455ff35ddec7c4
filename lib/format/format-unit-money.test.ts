import { describe, expect, it } from "vitest";
import { formatUnitMoney } from "./format-unit-money";

describe("formatUnitMoney", () => {
  it("keeps up to four places, at least two, without floats", () => {
    expect(["6.1100", "0.0099", "12.126", "3121", "0.00005"].map((v) => formatUnitMoney(v, "EUR"))).toEqual(["€6.11", "€0.0099", "€12.126", "€3,121.00", "€0.0001"]);
  });

  it("shows at least the currency's minor unit", () => {
    expect([formatUnitMoney("1221", "JPY"), formatUnitMoney("0.0093", "JPY"), formatUnitMoney("1.235", "KWD")]).toEqual(["JP¥1,221", "JP¥0.0093", "KWD\u00a01.235"]);
  });
});
