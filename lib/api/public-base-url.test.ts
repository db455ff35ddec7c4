import { describe, expect, it } from "vitest";
import { apiBaseUrl, isMalformedHost, isTrustedHost } from "./public-base-url";

// docs/decisions.md#r10: the API names RACKFRONT_BASE_URL, a trusted request host, or its relative base path.

const request = (host: string | null, url = "http://rackfront.invalid/v1/openapi.json") => new Request(url, { headers: host === null ? {} : { host } });

describe("Host header syntax", () => {
  it.each(["localhost", "localhost:3000", "127.0.0.1:8080", "[::1]:3000", "[2001:db8::1]", "portal.example.com", "xn--bcher-kva.example"])("%s is a host", (host) => {
    expect(isMalformedHost(host)).toBe(false);
  });
  it.each(["a b<>", "[", "example.com/v1", "x?y", "x#y", "user@host", "host:port", "host:123456", "[::1"])("%s is malformed", (host) => {
    expect(isMalformedHost(host)).toBe(true);
  });
  it("absent or empty is not malformed (nothing to refuse; it is simply not trusted)", () => {
    expect(isMalformedHost(null)).toBe(false);
    expect(isMalformedHost("")).toBe(false);
  });
});

describe("apiBaseUrl", () => {
  const env = (extra: Record<string, string> = {}) => ({ PORT: "3000", ...extra }) as unknown as NodeJS.ProcessEnv;

  it("trusts loopback names on the listening port by default, [::1] included, case-insensitively", () => {
    expect(apiBaseUrl(request("[::1]:3000"), "/v1", env())).toBe("http://[::1]:3000/v1");
    expect(apiBaseUrl(request("LocalHost:3000"), "/v1/reseller", env())).toBe("http://localhost:3000/v1/reseller");
    expect(isTrustedHost("127.0.0.1:3001", env())).toBe(false);
    expect(isTrustedHost("127.0.0.1", env())).toBe(false);
  });

  it("falls back to the base path for an untrusted, absent or malformed host", () => {
    expect(apiBaseUrl(request("evil.example"), "/v1", env())).toBe("/v1");
    expect(apiBaseUrl(request(null), "/v1", env())).toBe("/v1");
    expect(apiBaseUrl(request("a b<>"), "/v1", env())).toBe("/v1");
  });

  it("without a Host header (a Request built in-process) the URL's host is the candidate", () => {
    expect(apiBaseUrl(request(null, "http://localhost:3000/v1/"), "/v1", env())).toBe("http://localhost:3000/v1");
  });

  it("RACKFRONT_BASE_URL wins, trailing slash dropped", () => {
    expect(apiBaseUrl(request("evil.example"), "/v1", env({ RACKFRONT_BASE_URL: "https://portal.example.com/" }))).toBe("https://portal.example.com/v1");
  });
});
