import { expect, it } from "vitest";
import { formatCount, formatListCount, pluralNoun } from "./format-count";

it("agrees the word with the count", () => {
  expect([0, 1, 2].map((n) => formatCount(n, "option"))).toEqual(["0 options", "1 option", "2 options"]);
  expect([1, 3].map((n) => formatCount(n, "delivery", "deliveries"))).toEqual(["1 delivery", "3 deliveries"]);
  expect(formatCount(1204, "address", "addresses")).toBe("1,204 addresses");
  expect(formatCount(1.5, "hour")).toBe("1.5 hours");
});

it("gives the word alone for sentences that place the number themselves", () => {
  expect(pluralNoun(1, "key is", "keys are")).toBe("key is");
  expect(pluralNoun(4, "key is", "keys are")).toBe("keys are");
});

it("says a list's count, filtered or in all", () => {
  expect(formatListCount(1, "order", true)).toBe("1 order matches the filters.");
  expect(formatListCount(3, "order", true)).toBe("3 orders match the filters.");
  expect(formatListCount(0, "service", false)).toBe("0 services in all.");
});
