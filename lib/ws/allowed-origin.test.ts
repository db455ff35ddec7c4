import { describe, expect, it } from "vitest";
import { consoleRelayOrigins, normalizeOrigins, originAllowed } from "./allowed-origin";

describe("console relay origins", () => {
  it("matches the serialised origin exactly", () => {
    const allowed = normalizeOrigins("https://panel.example.com/");
    expect(allowed).toEqual(["https://panel.example.com"]);
    expect(originAllowed("https://panel.example.com", allowed)).toBe(true);
    for (const other of ["http://panel.example.com", "https://panel.example.com:8443", "https://evil.panel.example.com", "https://panel.example.com.evil", "null", "", undefined]) {
      expect(originAllowed(other, allowed), String(other)).toBe(false);
    }
  });

  it("uses RACKFRONT_BASE_URL's origin alone when it is set, loopback names on the port otherwise", () => {
    expect(consoleRelayOrigins("https://panel.example.com:8443/app", 3000)).toEqual(["https://panel.example.com:8443"]);
    expect(consoleRelayOrigins(undefined, 3000)).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(originAllowed("http://127.0.0.1:3001", consoleRelayOrigins(undefined, 3000))).toBe(false);
  });

  it("refuses to start without a web origin", () => {
    expect(() => normalizeOrigins([])).toThrow();
    expect(() => normalizeOrigins("ftp://files.example")).toThrow();
  });
});
