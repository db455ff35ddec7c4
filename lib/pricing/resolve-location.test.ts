import { describe, expect, it } from "vitest";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { dec } from "./money";
import type { LocationPricing } from "./pricing-data";
import { LocationRequiredError, LocationUnavailableError } from "./pricing-errors";
import { acceptedLocations, resolveLocation } from "./resolve-location";
import { product } from "./test-fixtures";

const loc = (value: string, over: Partial<LocationPricing> = {}): LocationPricing => ({
  locationId: `id-${value}`,
  value,
  name: value.toUpperCase(),
  enabled: true,
  surchargeMonthly: null,
  surchargeSetup: null,
  ...over,
});

const SERVER = product({
  locationRequired: true,
  locations: [
    loc("ams1", { surchargeMonthly: dec("0") }),
    loc("fra1", { surchargeMonthly: dec("5"), surchargeSetup: dec("25") }),
    loc("hel1", { surchargeMonthly: dec("0"), enabled: false }),
  ],
});
const VPS = product({ locations: [loc("ams1"), loc("fra1")] });

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error("expected a refusal");
}

describe("resolveLocation: surcharges", () => {
  it.each<[BillingCycle, string]>([
    ["monthly", "5"],
    ["quarterly", "15"],
    ["semi_annually", "30"],
    ["annually", "60"],
    ["hourly", "0.0069"],
  ])("fra1 on %s: %s (per month × months, / 720 per hour)", (cycle, surcharge) => {
    const r = resolveLocation(SERVER, "fra1", cycle)!;
    expect(r.surcharge.toString()).toBe(surcharge);
    expect(r.surchargeMonthly.toString()).toBe("5");
    expect(r.surchargeSetup.toString()).toBe("25");
    expect([r.locationId, r.value, r.name]).toEqual(["id-fra1", "fra1", "FRA1"]);
  });

  it("rounds configured surcharges to the cent once and derives the cycle's from the rounded monthly figure", () => {
    const odd = product({ locations: [loc("ams1", { surchargeMonthly: dec("1.2345"), surchargeSetup: dec("9.999") })] });
    const quarterly = resolveLocation(odd, "ams1", "quarterly")!;
    expect([quarterly.surchargeMonthly.toString(), quarterly.surcharge.toString(), quarterly.surchargeSetup.toString()]).toEqual(["1.23", "3.69", "10"]);
    expect(resolveLocation(odd, "ams1", "hourly")!.surcharge.toString()).toBe("0.0017"); // 1.23 / 720
  });

  it("charges nothing extra where the surcharge is 0 or not set", () => {
    const zero = resolveLocation(SERVER, "ams1", "annually")!;
    expect([zero.surcharge.toString(), zero.surchargeSetup.toString()]).toEqual(["0", "0"]);
    const unset = resolveLocation(VPS, "fra1", "monthly")!;
    expect([unset.surcharge.toString(), unset.surchargeMonthly.toString(), unset.surchargeSetup.toString()]).toEqual(["0", "0", "0"]);
  });
});

describe("resolveLocation: docs/decisions.md#d24", () => {
  it.each([undefined, null, ""])("a product that prices datacentres needs one (%s)", (missing) => {
    const e = refusal(() => resolveLocation(SERVER, missing, "monthly"));
    expect(e).toBeInstanceOf(LocationRequiredError);
    expect([e.kind, e.message, e.code]).toEqual(["invalid", "A datacentre must be selected", undefined]);
    expect(e.details).toEqual([{ field: "location", message: "A datacentre must be selected" }]);
  });

  it("lets the platform choose for a product that does not", () => {
    expect(resolveLocation(VPS, undefined, "monthly")).toBeNull();
  });

  it("refuses a location the product is not sold in, naming the accepted values", () => {
    const e = refusal(() => resolveLocation(SERVER, "lon1", "monthly"));
    expect(e).toBeInstanceOf(LocationUnavailableError);
    expect([e.kind, e.code]).toEqual(["invalid", "LOCATION_UNAVAILABLE"]);
    expect(e.message).toBe("Location 'lon1' is not available for this product; accepted values: ams1, fra1");
    expect(e.details?.[0]?.field).toBe("location");
    expect((e as LocationUnavailableError).accepted).toEqual(["ams1", "fra1"]);
  });

  it("treats a disabled location as not sold there", () => {
    expect(acceptedLocations(SERVER)).toEqual(["ams1", "fra1"]);
    expect(refusal(() => resolveLocation(SERVER, "hel1", "monthly"))).toBeInstanceOf(LocationUnavailableError);
  });

  it("refuses any location for a product sold in none", () => {
    const e = refusal(() => resolveLocation(product({ locations: [] }), "ams1", "monthly"));
    expect(e).toBeInstanceOf(LocationUnavailableError);
    expect(e.message).toContain("accepted values: none");
  });
});
