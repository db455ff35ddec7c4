import { describe, expect, it } from "vitest";
import { cidrContains, cidrsOverlap, formatCidr, formatIpv6, ipv4Hosts, isHostname, networkOf, nthIpv6Slash64, parseCidr, parseIp, parseIpv4, parseIpv6, prefixCount, subPrefix } from "./ip-math";

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

  it("normalises an IPv6 prefix: lower case, compressed, host bits cleared", () => {
    expect(formatCidr(parseCidr("2001:0DB8:0100:0000:0000:0000:0000:0000/48")!)).toBe("2001:db8:100::/48");
    expect(formatCidr(parseCidr("2001:db8:100:ffff::1/48")!)).toBe("2001:db8:100::/48");
    expect(formatCidr(parseCidr("2001:db8:0:0:1::/64")!)).toBe("2001:db8::/64");
    for (const bad of ["2001:db8:100::/129", "2001:db8:100::", "2001:db8:100::/", "2001:db8:100::/48/1", "2001:db8:100::/-1", "2001:db8:100:::/48"]) expect(parseCidr(bad)).toBeNull();
  });

  it("cuts the nth /64 out of a /48, and nothing past its end", () => {
    const block = parseCidr("2001:db8:100::/48")!;
    expect(prefixCount(block, 64)).toBe(BigInt(65_536));
    expect(nthIpv6Slash64(block, BigInt(0))).toBe("2001:db8:100::/64");
    expect(nthIpv6Slash64(block, BigInt(5))).toBe("2001:db8:100:5::/64");
    expect(nthIpv6Slash64(block, BigInt(0xabcd))).toBe("2001:db8:100:abcd::/64");
    expect(nthIpv6Slash64(block, BigInt(65_535))).toBe("2001:db8:100:ffff::/64");
    expect(nthIpv6Slash64(block, BigInt(65_536))).toBeNull();
    expect(nthIpv6Slash64(block, BigInt(-1))).toBeNull();
    // The server's own address is the prefix's ::1.
    expect(formatIpv6(subPrefix(block, 64, BigInt(5)) + BigInt(1))).toBe("2001:db8:100:5::1");
    expect(prefixCount(parseCidr("2001:db8:100::/72")!, 64)).toBe(BigInt(0));
    expect(nthIpv6Slash64(parseCidr("192.0.2.0/24")!, BigInt(0))).toBeNull();
  });

  it("finds overlapping blocks of one version", () => {
    const c = (s: string) => parseCidr(s)!;
    expect(cidrsOverlap(c("2001:db8:100::/48"), c("2001:db8:100:ff00::/56"))).toBe(true);
    expect(cidrsOverlap(c("2001:db8:100::/56"), c("2001:db8:100:100::/56"))).toBe(false);
    expect(cidrsOverlap(c("192.0.2.0/24"), c("192.0.2.128/25"))).toBe(true);
    expect(cidrsOverlap(c("192.0.2.0/25"), c("192.0.2.128/25"))).toBe(false);
    expect(cidrsOverlap(c("::/0"), c("192.0.2.0/24"))).toBe(false);
  });
});
