import { describe, expect, it } from "vitest";
import { chartTicks, formatChartClock, formatChartMoment, formatChartTick } from "./chart-time";

const at = (iso: string) => Date.parse(iso);

describe("chart time", () => {
  it("labels day ranges with dates and 24 hours with times, in UTC", () => {
    expect(formatChartTick("30d", at("2030-03-03T00:00:00Z"))).toBe("3 Mar");
    expect(formatChartTick("7d", "2030-03-03T23:30:00Z")).toBe("3 Mar");
    expect(formatChartTick("24h", at("2030-03-03T14:05:00Z"))).toBe("14:05");
    expect(formatChartClock(at("2030-03-03T04:05:09Z"), { seconds: true })).toBe("04:05:09");
    expect(formatChartMoment("2030-03-03T14:05:00Z")).toBe("3 Mar, 14:05 UTC");
  });

  it("puts one tick on each UTC midnight of a 30-day range, so no date repeats", () => {
    const to = at("2030-03-31T10:17:00Z");
    const ticks = chartTicks("30d", to - 30 * 86_400_000, to);
    expect(ticks).toHaveLength(30);
    expect(ticks[0]).toBe(at("2030-03-02T00:00:00Z"));
    expect(ticks.at(-1)).toBe(at("2030-03-31T00:00:00Z"));
    const labels = ticks.map((t) => formatChartTick("30d", t));
    expect(new Set(labels).size).toBe(labels.length);
    expect(ticks.every((t) => t % 86_400_000 === 0)).toBe(true);
  });

  it("puts a tick on every hour of a 24-hour range", () => {
    const to = at("2030-03-31T10:17:00Z");
    const ticks = chartTicks("24h", to - 86_400_000, to);
    expect(ticks).toHaveLength(24);
    expect(formatChartTick("24h", ticks[0]!)).toBe("11:00");
    expect(formatChartTick("24h", ticks.at(-1)!)).toBe("10:00");
  });
});
