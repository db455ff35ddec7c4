import { describe, expect, it } from "vitest";
import { formatDate } from "./format-date";
import { formatDateTime } from "./format-date-time";

describe("dates", () => {
  it("writes a day as 3 Mar 2030, in UTC", () => {
    expect(formatDate(new Date("2030-03-03T23:59:59Z"))).toBe("3 Mar 2030");
    expect(formatDate("2030-12-31T00:00:00.000Z")).toBe("31 Dec 2030");
  });

  it("writes a moment to the minute, UTC with the zone named", () => {
    expect(formatDateTime(new Date("2030-03-03T14:05:09Z"))).toBe("3 Mar 2030, 14:05 UTC");
    expect(formatDateTime("2030-03-03T04:05:00Z")).toBe("3 Mar 2030, 04:05 UTC");
    expect(formatDateTime("2030-03-03T00:00:00Z")).toBe("3 Mar 2030, 00:00 UTC");
  });
});
