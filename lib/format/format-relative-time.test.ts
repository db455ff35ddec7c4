import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./format-relative-time";

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

  it("takes an ISO string as well", () => {
    expect(formatRelativeTime("2030-06-18T12:00:00Z", now)).toBe("in 3 days");
    expect(formatRelativeTime("2030-06-15T10:00:00.000Z", now)).toBe("2 hours ago");
  });
});
