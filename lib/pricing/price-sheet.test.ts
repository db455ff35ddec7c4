import { describe, expect, it } from "vitest";
import { dec } from "./money";
import { priceSheet } from "./price-sheet";
import { option, prices, product, terms } from "./test-fixtures";

const SERVER = product({
  retail: prices({ monthly: "100", quarterly: "280", hourly: "0.2" }),
  disabledCycles: ["hourly"],
  setupFee: dec("50"),
  options: [
    option({ id: "ipv4", retail: prices({ monthly: "2" }) }),
    option({ id: "gone", orderable: false }),
    option({ id: "migration", pricingType: "one_time", retail: {}, oneTimePrice: dec("79") }),
  ],
});

describe("priceSheet", () => {
  it("lists exactly the cycles an order accepts, for a customer", () => {
    const sheet = priceSheet(SERVER, null);
    expect(Object.keys(sheet.cycles)).toEqual(["monthly", "quarterly"]);
    expect(sheet.retailCycles).toEqual(["monthly", "quarterly"]);
    expect(sheet.cycles.monthly).toMatchObject({ rule: "retail", setupFeeRule: "retail" });
    expect([sheet.cycles.monthly!.amount.toString(), sheet.cycles.monthly!.setupFee.toString()]).toEqual(["100", "50"]);
  });

  it("adds a cycle only an override prices, which the retail billing cycles do not show", () => {
    const sheet = priceSheet(SERVER, terms({ overrides: { hourly: ["0.15", "0"] }, reseller: "10" }));
    expect(Object.keys(sheet.cycles)).toEqual(["monthly", "quarterly", "hourly"]);
    expect(sheet.retailCycles).toEqual(["monthly", "quarterly"]);
    expect([sheet.cycles.hourly!.amount.toString(), sheet.cycles.hourly!.rule]).toEqual(["0.15", "reseller_override"]);
    expect([sheet.cycles.quarterly!.amount.toString(), sheet.cycles.quarterly!.rule]).toEqual(["252", "reseller_discount"]);
    expect([sheet.discount.percent.toString(), sheet.discount.rule]).toEqual(["10", "reseller_discount"]);
  });

  it("prices orderable options on the product's cycles, one-time options once", () => {
    const sheet = priceSheet(SERVER, terms({ tierDefault: "10" }));
    expect(sheet.options.map((o) => o.optionId)).toEqual(["ipv4", "migration"]);
    const [ipv4, migration] = sheet.options;
    expect(Object.keys(ipv4!.cycles)).toEqual(["monthly", "quarterly"]);
    expect([ipv4!.cycles.quarterly!.amount.toString(), ipv4!.retail.quarterly!.toString(), ipv4!.oneTime]).toEqual(["5.4", "6", null]);
    expect([migration!.cycles, migration!.oneTime!.amount.toString(), migration!.oneTime!.rule, migration!.retailOneTime!.toString()]).toEqual([
      {},
      "71.1",
      "tier_discount",
      "79",
    ]);
  });

  it("has no cycles for a product nobody prices", () => {
    expect(priceSheet(product({ retail: {} }), null).cycles).toEqual({});
  });
});
