import { describe, expect, it } from "vitest";
import { seriesSummary } from "./series-summary";

const percent = (v: number) => `${Math.round(v)}%`;
const hhmm = (at: string) => at.slice(11, 16);

describe("seriesSummary", () => {
  it("gives the average and the peak with its time", () => {
    const points = [
      { at: "2026-11-28T12:00:00Z", value: 4 },
      { at: "2026-11-28T13:00:00Z", value: 10 },
      { at: "2026-11-28T14:00:00Z", value: 48 },
      { at: "2026-11-28T15:00:00Z", value: 2 },
    ];
    expect(seriesSummary("CPU over the last 24 hours", points, percent, hhmm)).toBe("CPU over the last 24 hours: average 16%, peak 48% at 14:00.");
  });

  it("leaves out points without a value and names the first of equal peaks", () => {
    const points = [
      { at: "2026-11-28T09:00:00Z", value: null },
      { at: "2026-11-28T10:00:00Z", value: 30 },
      { at: "2026-11-28T11:00:00Z", value: 30 },
      { at: "2026-11-28T12:00:00Z", value: 0 },
    ];
    expect(seriesSummary("Memory", points, percent, hhmm)).toBe("Memory: average 20%, peak 30% at 10:00.");
  });

  it("says when nothing was measured", () => {
    expect(seriesSummary("CPU", [{ at: "2026-11-28T09:00:00Z", value: null }], percent, hhmm)).toBe("CPU: no measurements.");
    expect(seriesSummary("CPU", [], percent, hhmm)).toBe("CPU: no measurements.");
  });
});
