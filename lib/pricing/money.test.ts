import { describe, expect, it } from "vitest";
import { clampPercent, dec, isRoundPrice, minorUnitDigits, percentOff, roundMoney, roundPrice, roundRate, roundUnit, sum } from "./money";

describe("rounding", () => {
  it.each([
    ["0.00005", "0.0001"],
    ["0.00004999", "0.0000"],
    ["6.17505", "6.1751"],
    ["0.0027777777", "0.0028"],
    ["-0.00005", "-0.0001"],
    ["12.9", "12.9000"],
  ])("hourly rates and intermediate figures: %s → %s (4 places, half-up)", (input, expected) => {
    expect(roundUnit(dec(input)).toFixed(4)).toBe(expected);
  });

  it.each([
    ["0.125", "0.13"],
    ["0.124999", "0.12"],
    // 2.675 is 2.67499999… as a float; decimal arithmetic keeps it exact and rounds up.
    ["2.675", "2.68"],
    ["20.769", "20.77"],
    ["1.005", "1.01"],
    ["17.766", "17.77"],
    ["65.988", "65.99"],
    ["12.126", "12.13"],
    ["-0.125", "-0.13"],
  ])("money in EUR: %s → %s (2 places, half-up; a credit mirrors its charge)", (input, expected) => {
    expect(roundMoney(dec(input), "EUR").toFixed(2)).toBe(expected);
  });

  it("rounds money to the currency's minor unit (ISO 4217)", () => {
    expect(["EUR", "USD", "GBP", "CHF", "HUF", "JPY", "ISK", "KWD", "BHD", "CLF"].map(minorUnitDigits)).toEqual([2, 2, 2, 2, 2, 0, 0, 3, 3, 4]);
    expect(roundMoney(dec("1234.5"), "JPY").toString()).toBe("1235");
    expect(roundMoney(dec("1.2345"), "KWD").toString()).toBe("1.235");
    expect(roundMoney(dec("1.2345"), "USD").toString()).toBe("1.23");
    expect(() => roundMoney(dec("1"), "euro")).toThrow("Not an ISO 4217 currency code: 'euro'");
  });

  it("rounds a price on a cycle as money, except an hourly rate (4 places)", () => {
    expect(roundPrice(dec("17.766"), "EUR", "quarterly").toString()).toBe("17.77");
    expect(roundPrice(dec("0.009306"), "EUR", "hourly").toString()).toBe("0.0093");
    expect(roundPrice(dec("0.009306"), "JPY", "hourly").toString()).toBe("0.0093");
    expect(roundPrice(dec("1700.4"), "JPY", "monthly").toString()).toBe("1700");
    expect([isRoundPrice(dec("17.77"), "EUR", "monthly"), isRoundPrice(dec("17.766"), "EUR", "monthly"), isRoundPrice(dec("0.0093"), "EUR", "hourly"), isRoundPrice(dec("0.5"), "JPY", null)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it("rounds rates to 8 places", () => {
    expect(roundRate(dec(1).dividedBy(3)).toString()).toBe("0.33333333");
  });

  it("adds exactly where floats do not", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sum([dec("0.1"), dec("0.2")]).toString()).toBe("0.3");
    expect(sum([]).toString()).toBe("0");
  });
});

describe("percentOff", () => {
  it.each([
    ["100", "12", "88"],
    ["6.5", "5", "6.175"],
    ["6.5", "6", "6.11"],
    ["0.0099", "6", "0.009306"],
    ["18.9", "6", "17.766"],
    ["19", "7", "17.67"],
    ["79", "6", "74.26"],
    ["10", "0", "10"],
    ["10", "100", "0"],
    ["10", "150", "0"],
    ["10", "-20", "10"],
  ])("%s less %s%% = %s, exact (the price is rounded once, by its resolver)", (amount, percent, expected) => {
    expect(percentOff(dec(amount), dec(percent)).toString()).toBe(expected);
  });

  it("holds percentages between 0 and 100", () => {
    expect(clampPercent(dec("-1")).toString()).toBe("0");
    expect(clampPercent(dec("101")).toString()).toBe("100");
    expect(clampPercent(dec("12.5")).toString()).toBe("12.5");
  });
});
