import { describe, expect, it } from "vitest";
import { computeTier } from "./compute-tier";
import { dec } from "./money";

const tier = (id: string, min: string, sortOrder: number) => ({ id, minMonthlyRunRate: dec(min), sortOrder });
// Deliberately out of order: the ladder is read by threshold, not by position.
const LADDER = [tier("gold", "2500", 3), tier("bronze", "0", 1), tier("platinum", "10000", 4), tier("silver", "500", 2)];

describe("computeTier", () => {
  it.each([
    ["0", "bronze"],
    ["499.9999", "bronze"],
    ["500", "silver"],
    ["500.0001", "silver"],
    ["2499.9999", "silver"],
    ["2500", "gold"],
    ["9999.9999", "gold"],
    ["10000", "platinum"],
    ["1000000000", "platinum"],
  ])("run-rate %s → %s (a threshold is reached exactly at its value)", (runRate, expected) => {
    expect(computeTier(dec(runRate), LADDER)?.id).toBe(expected);
  });

  it("gives no tier below every threshold or on an empty ladder", () => {
    expect(computeTier(dec("99.99"), [tier("entry", "100", 1)])).toBeNull();
    expect(computeTier(dec("100"), [])).toBeNull();
  });

  it("picks the later tier when two share a threshold", () => {
    expect(computeTier(dec("600"), [tier("b", "500", 2), tier("a", "500", 1)])?.id).toBe("b");
  });
});
