import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import {
  BILLING_CYCLES,
  PRICE_HOURS_PER_MONTH,
  RUN_RATE_HOURS_PER_MONTH,
  apiBillingCycle,
  fromMonthly,
  monthlyEquivalent,
  parseBillingCycle,
  requireBillingCycle,
} from "./billing-cycles";
import { dec } from "./money";

describe("billing cycle names", () => {
  it("reads the API spelling and the enum spelling, and writes the API spelling", () => {
    expect(parseBillingCycle("semi-annually")).toBe("semi_annually");
    expect(parseBillingCycle("semi_annually")).toBe("semi_annually");
    expect(BILLING_CYCLES.map(apiBillingCycle)).toEqual(["monthly", "quarterly", "semi-annually", "annually", "hourly"]);
    for (const cycle of BILLING_CYCLES) expect(parseBillingCycle(apiBillingCycle(cycle))).toBe(cycle);
  });

  it("refuses an unknown cycle as a 400 naming the field", () => {
    expect(parseBillingCycle("weekly")).toBeNull();
    expect(parseBillingCycle("Monthly")).toBeNull();
    try {
      requireBillingCycle("weekly");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe("invalid");
      expect((error as DomainError).details?.[0]?.field).toBe("billingCycle");
      expect((error as DomainError).message).toContain("semi-annually");
    }
  });
});

describe("fromMonthly: monthly × months in the cycle, monthly / 720 per hour", () => {
  it.each<[BillingCycle, string, string]>([
    ["monthly", "2.0000", "2.0000"],
    ["quarterly", "2.0000", "6.0000"],
    ["semi_annually", "2.0000", "12.0000"],
    ["annually", "2.0000", "24.0000"],
    ["hourly", "2.0000", "0.0028"],
    ["hourly", "19.0000", "0.0264"],
    ["hourly", "5.0000", "0.0069"],
    ["hourly", "1.5000", "0.0021"],
    ["annually", "15.0000", "180.0000"],
  ])("%s from %s = %s", (cycle, monthly, expected) => {
    expect(fromMonthly(dec(monthly), cycle).toFixed(4)).toBe(expected);
  });

  it("uses 720 hours for prices and 730 for the run-rate, as the spec's Limits table says", () => {
    expect(PRICE_HOURS_PER_MONTH).toBe(720);
    expect(RUN_RATE_HOURS_PER_MONTH).toBe(730);
  });
});

describe("monthlyEquivalent: run-rate normalisation", () => {
  it.each<[BillingCycle, string, string]>([
    ["monthly", "30", "30"],
    ["quarterly", "90", "30"],
    ["semi_annually", "180", "30"],
    ["annually", "360", "30"],
    ["hourly", "0.01", "7.3"],
    ["quarterly", "100", "33.333333333333333333"],
  ])("%s %s → %s per month", (cycle, amount, expected) => {
    expect(monthlyEquivalent(dec(amount), cycle).toString()).toBe(expected);
  });
});
