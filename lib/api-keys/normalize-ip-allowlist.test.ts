import { describe, expect, it } from "vitest";
import { normalizeIpAllowlist } from "./normalize-ip-allowlist";

describe("normalizeIpAllowlist", () => {
  it("accepts addresses and CIDR blocks of both families, trimmed and de-duplicated", () => {
    expect(normalizeIpAllowlist([" 203.0.113.7", "198.51.100.0/24", "2001:db8::/32", "2001:db8::1", "203.0.113.7"])).toEqual([
      "203.0.113.7",
      "198.51.100.0/24",
      "2001:db8::/32",
      "2001:db8::1",
    ]);
    expect(normalizeIpAllowlist(undefined)).toEqual([]);
  });

  it.each(["example.com", "203.0.113.300", "10.0.0.0/33", "2001:db8::/129", "10.0.0.0/", "10.0.0.0/8/8", "/8", ""])(
    "refuses %j",
    (entry) => {
      expect(() => normalizeIpAllowlist([entry])).toThrow(/Not an IP address or CIDR block/);
    },
  );
});
