import { describe, expect, it } from "vitest";
import { clampPercent, dec, percentOff, roundDocument, roundRate, roundUnit, sum } from "./money";

describe("rounding", () => {
  it.each([
    ["0.00005", "0.0001"],
    ["0.00004999", "0.0000"],
    ["6.17505", "6.1751"],
    ["0.0027777777", "0.0028"],
    ["-0.00005", "-0.0001"],
    ["12.9", "12.9000"],
  ])("unit figures: %s → %s (4 places, half-up)", (input, expected) => {
    expect(roundUnit(dec(input)).toFixed(4)).toBe(expected);
  });

  it.each([
    ["0.125", "0.13"],
    ["0.124999", "0.12"],
    // 2.675 is 2.67499999… as a float; decimal arithmetic keeps it exact and rounds up.
    ["2.675", "2.68"],
    ["20.769", "20.77"],
    ["1.005", "1.01"],
  ])("document figures: %s → %s (2 places, half-up)", (input, expected) => {
    expect(roundDocument(dec(input)).toFixed(2)).toBe(expected);
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
    ["100", "12", "88.0000"],
    ["6.5", "5", "6.1750"],
    ["6.5", "6", "6.1100"],
    ["0.0099", "6", "0.0093"],
    ["19", "7", "17.6700"],
    ["79", "6", "74.2600"],
    ["10", "0", "10.0000"],
    ["10", "100", "0.0000"],
    ["10", "150", "0.0000"],
    ["10", "-20", "10.0000"],
  ])("%s less %s%% = %s", (amount, percent, expected) => {
    expect(percentOff(dec(amount), dec(percent)).toFixed(4)).toBe(expected);
  });

  it("holds percentages between 0 and 100", () => {
    expect(clampPercent(dec("-1")).toString()).toBe("0");
    expect(clampPercent(dec("101")).toString()).toBe("100");
    expect(clampPercent(dec("12.5")).toString()).toBe("12.5");
  });
});
