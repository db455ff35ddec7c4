import { describe, expect, it } from "vitest";
import { formatDateTime, formatRelativeTime } from "./format-relative-time";

const now = new Date("2030-06-15T12:00:00Z");
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe("formatRelativeTime", () => {
  it.each([
    [-10, "just now"],
    [30, "just now"],
    [-90, "1 minute ago"],
    [-59 * 60, "59 minutes ago"],
    [-3 * 3600, "3 hours ago"],
    [-86_400, "yesterday"],
    [3 * 86_400, "in 3 days"],
    [-45 * 86_400, "last month"],
    [-400 * 86_400, "last year"],
  ])("%i s → %s", (seconds, text) => {
    expect(formatRelativeTime(at(seconds), now)).toBe(text);
  });
});

describe("formatDateTime", () => {
  it("is UTC with the zone named", () => {
    expect(formatDateTime(new Date("2030-03-03T14:05:09Z"))).toBe("3 Mar 2030, 14:05 UTC");
  });
});
