import { describe, expect, it } from "vitest";
import { dec } from "@/lib/pricing";
import { cycleStart, prorate, prorationOf } from "./proration";

describe("proration to the next due date", () => {
  it("counts whole UTC days: a change any time on 11 May of a period ending 1 June pays 21 of 31 days", () => {
    const due = new Date("2026-06-01T00:00:00.000Z");
    for (const at of ["2026-05-11T00:00:00.000Z", "2026-05-11T15:00:00.000Z", "2026-05-11T23:59:59.999Z"]) {
      expect(prorationOf(new Date(at), due, "monthly")).toEqual({ daysRemaining: 21, daysInCycle: 31 });
    }
    const p = prorationOf(new Date("2026-05-11T15:00:00.000Z"), due, "monthly");
    expect(prorate(dec("12.00"), p, "EUR").toFixed(2)).toBe("8.13"); // 12 × 21 / 31 = 8.1290…
    expect(prorate(dec("20.00"), p, "EUR").toFixed(2)).toBe("13.55"); // 13.5483…
    expect(prorate(dec("0.10"), p, "EUR").toFixed(2)).toBe("0.07"); // 0.0677… half-up
  });

  it("periods follow the calendar: February, quarters and years, month ends clamped", () => {
    expect(cycleStart(new Date("2026-03-01T00:00:00.000Z"), "monthly").toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(prorationOf(new Date("2026-02-15T10:00:00.000Z"), new Date("2026-03-01T00:00:00.000Z"), "monthly")).toEqual({ daysRemaining: 14, daysInCycle: 28 });
    expect(cycleStart(new Date("2026-05-31T00:00:00.000Z"), "quarterly").toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(prorationOf(new Date("2026-05-31T00:00:00.000Z"), new Date("2027-05-31T00:00:00.000Z"), "annually")).toEqual({ daysRemaining: 365, daysInCycle: 365 });
    expect(prorationOf(new Date("2028-01-01T00:00:00.000Z"), new Date("2028-07-01T00:00:00.000Z"), "semi_annually")).toEqual({ daysRemaining: 182, daysInCycle: 182 });
  });

  it("clamps: on the due date nothing is left; before the period began the whole period counts", () => {
    const due = new Date("2026-06-01T08:00:00.000Z");
    expect(prorationOf(new Date("2026-06-01T09:00:00.000Z"), due, "monthly").daysRemaining).toBe(0);
    expect(prorationOf(new Date("2026-06-03T09:00:00.000Z"), due, "monthly").daysRemaining).toBe(0);
    expect(prorationOf(new Date("2026-04-20T09:00:00.000Z"), due, "monthly")).toEqual({ daysRemaining: 31, daysInCycle: 31 });
    expect(prorate(dec("12.00"), { daysRemaining: 0, daysInCycle: 31 }, "EUR").toFixed(2)).toBe("0.00");
  });
});
