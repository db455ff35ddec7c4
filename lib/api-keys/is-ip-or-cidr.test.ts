import { isIP } from "node:net";
import { describe, expect, it } from "vitest";
import { isIpOrCidr, ipVersion } from "./is-ip-or-cidr";
import { normalizeIpAllowlist } from "./normalize-ip-allowlist";

// The browser-side check must agree with node's isIP (what the mint uses), zone ids aside.
const ADDRESSES = [
  "1.2.3.4", "0.0.0.0", "255.255.255.255", "256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "1..3.4", " 1.2.3.4", "1.2.3.-4", "1.2.3.4a",
  "::", "::1", "1::", "fe80::a", "FE80::A", "2001:db8::", "2001:0db8:0000:0000:0000:0000:0000:0001", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::",
  "::1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "1::2::3", ":1::", "1:::2", "1::2:", "12345::", "g::1", "::ffff:1.2.3.4", "::1.2.3.4",
  "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4", "::ffff:01.2.3.4", "1.2.3.4::", "::ffff:1.2.3", "", ":", ":::", "1:2:3:4:5:6:7",
];

describe("ipVersion", () => {
  it.each(ADDRESSES)("agrees with node's isIP on %j", (address) => {
    expect(ipVersion(address)).toBe(isIP(address));
  });

  it("refuses zone ids, which node accepts", () => {
    expect(ipVersion("fe80::1%eth0")).toBe(0);
  });
});

describe("isIpOrCidr", () => {
  it.each([
    ["203.0.113.7", true],
    ["203.0.113.0/24", true],
    ["0.0.0.0/0", true],
    ["10.0.0.0/32", true],
    ["10.0.0.0/33", false],
    ["2001:db8::/32", true],
    ["2001:db8::/128", true],
    ["2001:db8::/129", false],
    ["10.0.0.0/", false],
    ["10.0.0.0/8/8", false],
    ["10.0.0.0/x", false],
    ["/8", false],
    ["example.com", false],
  ])("%j → %s, as the mint decides", (entry, expected) => {
    expect(isIpOrCidr(entry)).toBe(expected);
    if (expected) expect(normalizeIpAllowlist([entry])).toEqual([entry]);
    else expect(() => normalizeIpAllowlist([entry])).toThrow();
  });
});
