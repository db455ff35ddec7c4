import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { formatVatRate } from "./format-vat-rate";

describe("formatVatRate", () => {
  it("writes a stored rate exactly, without trailing zeros", () => {
    expect(["21.00", "20.50", "0.00", "7.25", "100"].map((v) => formatVatRate(new Prisma.Decimal(v)))).toEqual(["21%", "20.5%", "0%", "7.25%", "100%"]);
    expect(formatVatRate("19.00")).toBe("19%");
  });
});
