import { describe, expect, it } from "vitest";
import { cidrContains, formatCidr, formatIpv6, ipv4Hosts, isHostname, networkOf, parseCidr, parseIp, parseIpv4, parseIpv6 } from "./ip-math";

describe("ip-math", () => {
  it("parses and formats IPv4", () => {
    expect(parseIpv4("192.0.2.10")).toBe(BigInt(0xc000020a));
    for (const bad of ["192.0.2", "192.0.2.256", "192.0.2.01", "a.b.c.d", "1.2.3.4.5", ""]) expect(parseIpv4(bad)).toBeNull();
  });

  it("formats IPv6 the RFC 5952 way", () => {
    const round = (s: string) => formatIpv6(parseIpv6(s)!);
    expect(round("2001:0DB8:0000:0000:0000:0000:0000:0001")).toBe("2001:db8::1");
    expect(round("::")).toBe("::");
    expect(round("::1")).toBe("::1");
    expect(round("fe80::")).toBe("fe80::");
    // A single zero group is not shortened; the longest run wins, the first on a tie.
    expect(round("2001:db8:0:1:1:1:1:1")).toBe("2001:db8:0:1:1:1:1:1");
    expect(round("2001:0:0:1:0:0:0:1")).toBe("2001:0:0:1::1");
    expect(round("2001:db8:0:0:1:0:0:1")).toBe("2001:db8::1:0:0:1");
    for (const bad of ["2001:db8::1::1", "2001:db8:1", "12345::", "g::1", "1:2:3:4:5:6:7:8:9"]) expect(parseIpv6(bad)).toBeNull();
  });

  it("normalises CIDR blocks and finds networks", () => {
    expect(formatCidr(parseCidr("192.0.2.77/24")!)).toBe("192.0.2.0/24");
    expect(formatCidr(parseCidr("2001:db8:1:2:3::/48")!)).toBe("2001:db8:1::/48");
    expect(parseCidr("192.0.2.0/33")).toBeNull();
    expect(parseCidr("192.0.2.0")).toBeNull();
    expect(networkOf("2001:db8:0:5::1", 64)).toBe("2001:db8:0:5::/64");
    expect(networkOf("198.51.100.20", 28)).toBe("198.51.100.16/28");
    expect(cidrContains(parseCidr("198.51.100.16/28")!, "198.51.100.31")).toBe(true);
    expect(cidrContains(parseCidr("198.51.100.16/28")!, "198.51.100.32")).toBe(false);
    expect(parseIp("::ffff")?.version).toBe(6);
  });

  it("leaves out the network and broadcast addresses except on /31 and /32", () => {
    const hosts = (c: string) => {
      const { first, last } = ipv4Hosts(parseCidr(c)!);
      return Number(last - first + BigInt(1));
    };
    expect(hosts("192.0.2.0/24")).toBe(254);
    expect(hosts("192.0.2.0/30")).toBe(2);
    expect(hosts("192.0.2.0/31")).toBe(2);
    expect(hosts("192.0.2.7/32")).toBe(1);
  });

  it("accepts RFC 1123 host names only", () => {
    expect(isHostname("web-1.example.com")).toBe(true);
    expect(isHostname("1a")).toBe(true);
    for (const bad of ["-web", "web-", "we b", "a..b", "", "a".repeat(64), `${"a.".repeat(127)}ab`]) expect(isHostname(bad)).toBe(false);
  });
});
