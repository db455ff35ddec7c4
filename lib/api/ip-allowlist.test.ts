import { describe, expect, it } from "vitest";
import { clientIpFromTrustedHeader, markClientIpHeaderTrusted, TRUSTED_CLIENT_IP_HEADER } from "./client-ip";
import { ipAllowed, normalizeIp } from "./ip-allowlist";

describe("ipAllowed", () => {
  it("matches addresses and CIDR blocks, edges included", () => {
    const list = ["203.0.113.0/24", "198.51.100.7", "2001:db8::/32"];
    expect(ipAllowed("203.0.113.0", list)).toBe(true);
    expect(ipAllowed("203.0.113.255", list)).toBe(true);
    expect(ipAllowed("203.0.114.0", list)).toBe(false);
    expect(ipAllowed("198.51.100.7", list)).toBe(true);
    expect(ipAllowed("198.51.100.8", list)).toBe(false);
    expect(ipAllowed("2001:db8:ffff::1", list)).toBe(true);
    expect(ipAllowed("2001:db9::1", list)).toBe(false);
  });

  it("treats an IPv4-mapped IPv6 client address as the IPv4 address", () => {
    expect(ipAllowed("::ffff:203.0.113.9", ["203.0.113.0/24"])).toBe(true);
    expect(ipAllowed("::ffff:192.0.2.1", ["203.0.113.0/24"])).toBe(false);
  });

  it("allows anything with an empty list and nothing that is not an address", () => {
    expect(ipAllowed("192.0.2.1", [])).toBe(true);
    expect(ipAllowed("not an ip", ["0.0.0.0/0"])).toBe(false);
    expect(ipAllowed("127.1", ["127.0.0.0/8"])).toBe(false);
  });

  it("normalizes brackets, zones and case", () => {
    expect(normalizeIp("[2001:DB8::1]")).toBe("2001:db8::1");
    expect(normalizeIp("fe80::1%eth0")).toBe("fe80::1");
    expect(normalizeIp("::FFFF:10.0.0.1")).toBe("10.0.0.1");
  });
});

describe("clientIpFromTrustedHeader", () => {
  it("reads the server's header only once the server said it sets it, never X-Forwarded-For", () => {
    const headers = new Headers({ [TRUSTED_CLIENT_IP_HEADER]: "198.51.100.7", "x-forwarded-for": "203.0.113.1" });
    markClientIpHeaderTrusted(false);
    expect(clientIpFromTrustedHeader(headers)).toBeNull();
    markClientIpHeaderTrusted(true);
    try {
      expect(clientIpFromTrustedHeader(headers)).toBe("198.51.100.7");
      expect(clientIpFromTrustedHeader(new Headers({ "x-forwarded-for": "203.0.113.1" }))).toBeNull();
    } finally {
      markClientIpHeaderTrusted(false);
    }
  });
});
