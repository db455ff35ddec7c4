import { expect, it } from "vitest";
import { formatPricePer } from "./format-price-per";

it("writes the price in the currency and the cycle in words, whichever spelling the cycle has", () => {
  expect(formatPricePer("6.11", "EUR", "monthly")).toBe("€6.11 per month");
  expect(formatPricePer("630.54", "EUR", "semi-annually")).toBe("€630.54 per 6 months");
  expect(formatPricePer("630.54", "USD", "semi_annually")).toBe("US$630.54 per 6 months");
  expect(formatPricePer("0.0093", "EUR", "hourly")).toBe("€0.0093 per hour");
});
