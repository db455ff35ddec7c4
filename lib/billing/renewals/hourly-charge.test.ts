import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { hourlyCharge } from "./charge-hourly-services";

// Hours are summed before they are rounded (docs/decisions.md): however the hours since delivery
// are split into runs, the charges add up to the cost of all of them rounded once.

describe("hourlyCharge", () => {
  it("charges 0.0093 an hour as 0.01 only when the hours so far round up to another cent", () => {
    const rate = new Prisma.Decimal("0.0093");
    const charges = Array.from({ length: 10 }, (_, before) => hourlyCharge(rate, before, 1, "EUR").toFixed(2));
    // 7 h = 0.0651 → 0.07, 8 h = 0.0744 → 0.07: the eighth hour adds nothing yet.
    expect(charges).toEqual(["0.01", "0.01", "0.01", "0.01", "0.01", "0.01", "0.01", "0.00", "0.01", "0.01"]);
    expect(hourlyCharge(rate, 0, 10, "EUR").toFixed(2)).toBe("0.09"); // not 10 × 0.01
  });

  it("adds up to the rounded cost of all hours, whatever the runs", () => {
    const rate = fc.integer({ min: 1, max: 1_000_000 }).map((n) => new Prisma.Decimal(n).dividedBy(10_000));
    const runs = fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(rate, runs, fc.constantFrom("EUR", "JPY", "KWD"), (r, hours, currency) => {
        let before = 0;
        let charged = new Prisma.Decimal(0);
        for (const h of hours) {
          const charge = hourlyCharge(r, before, h, currency);
          expect(charge.isNegative()).toBe(false);
          charged = charged.plus(charge);
          before += h;
        }
        const digits = { EUR: 2, JPY: 0, KWD: 3 }[currency]!;
        expect(charged.equals(r.times(before).toDecimalPlaces(digits, Prisma.Decimal.ROUND_HALF_UP))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
