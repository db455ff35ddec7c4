import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { shareOf } from "./refund-unbuilt-service";

// The split of what an order was paid over its services (docs/decisions.md#r11): each service's part
// depends on the order alone, and the parts add up to the total exactly.

const d = (v: string) => new Prisma.Decimal(v);
const parts = (total: string, weights: string[], digits = 2) => weights.map((_, i) => shareOf(d(total), weights.map(d), i, digits).toFixed(digits));
const sum = (xs: string[]) => xs.reduce((s, x) => s.plus(x), d("0")).toFixed(2);

describe("shareOf", () => {
  it("splits equal services evenly, the cents left over one each to the first", () => {
    expect(parts("43.56", ["12", "12", "12"])).toEqual(["14.52", "14.52", "14.52"]);
    expect(parts("60.50", ["20", "20", "20"])).toEqual(["20.17", "20.17", "20.16"]);
    expect(parts("0.02", ["1", "1", "1"])).toEqual(["0.01", "0.01", "0.00"]);
  });

  it("follows what each service costs, and the parts always add up to the total", () => {
    expect(parts("36.30", ["10", "20"])).toEqual(["12.10", "24.20"]);
    for (const [total, weights] of [
      ["99.99", ["1", "2", "3", "4", "5", "6", "7"]],
      ["100.01", ["12.5", "0", "3.3333"]],
      ["7.00", ["0", "0"]],
    ] as const) {
      expect(sum(parts(total, [...weights])), `${total} over ${weights.join(",")}`).toBe(total);
    }
    // A free service gets nothing while others cost something; all free: equal parts.
    expect(parts("10.00", ["5", "0", "5"])).toEqual(["5.00", "0.00", "5.00"]);
    expect(parts("7.00", ["0", "0"])).toEqual(["3.50", "3.50"]);
  });

  it("keeps the currency's minor unit (no decimals for JPY)", () => {
    expect(parts("1000", ["1", "1", "1"], 0)).toEqual(["334", "333", "333"]);
  });
});
