import { describe, expect, it } from "vitest";
import { cameOverHttps, contentSecurityPolicy, HSTS_VALUE, newNonce, pageFamily, pageSecurityHeaders } from "./security-headers";

/** The directives of a policy by name, each with its sources. */
function cspDirectives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }

  return out;
}

describe("newNonce", () => {
  it("is 128 random bits in base64, new every time", () => {
    const nonces = new Set(Array.from({ length: 200 }, () => newNonce()));
    expect(nonces.size).toBe(200);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("contentSecurityPolicy", () => {
  it.each([false, true])("allows scripts only by nonce, never 'unsafe-inline' (dev %s)", (dev) => {
    const csp = cspDirectives(contentSecurityPolicy("abc123==", { dev }));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])]);
    for (const [name, sources] of csp) if (name.startsWith("script-src") || name === "default-src") expect(sources).not.toContain("'unsafe-inline'");
  });

  it("refuses framing, plugins and a foreign <base>, and keeps connections (websockets too) same-origin", () => {
    const csp = cspDirectives(contentSecurityPolicy("abc123=="));
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    // 'unsafe-inline' styles are ignored by browsers once a nonce is listed there; none is.
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("refuses a nonce that could change the policy", () => {
    expect(() => contentSecurityPolicy("x'; script-src *")).toThrow("base64");
  });
});

describe("pageSecurityHeaders per page family", () => {
  const nonce = "bm9uY2Vub25jZW5vbmNlMQ==";
  it.each(["/", "/services/abc", "/billing/invoices", "/reseller", "/reseller/api-keys", "/admin", "/admin/products", "/account/security", "/login", "/login/verify", "/some-missing-page"])(
    "%s: CSP with the nonce, strict-origin-when-cross-origin, nosniff",
    (path) => {
      expect(pageFamily(path)).toBe("portal");
      const headers = pageSecurityHeaders(path, { nonce, https: false });
      expect(cspDirectives(headers["Content-Security-Policy"]!).get("script-src")).toContain(`'nonce-${nonce}'`);
      expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
      expect(headers).not.toHaveProperty("Strict-Transport-Security");
      expect(headers).not.toHaveProperty("X-Robots-Tag");
    },
  );

  it("the console-cast viewer sends no referrer and asks not to be indexed", () => {
    expect(pageFamily("/cast/tkt_abc")).toBe("credential-link");
    expect(pageFamily("/reset-password")).toBe("credential-link");
    expect(pageFamily("/verify-email")).toBe("credential-link");
    expect(pageFamily("/confirm-email-change")).toBe("credential-link");
    expect(pageFamily("/castle")).toBe("portal");
    const headers = pageSecurityHeaders("/cast/tkt_abc", { nonce, https: false });
    expect(headers["Referrer-Policy"]).toBe("no-referrer");
    expect(headers["X-Robots-Tag"]).toBe("noindex");
    expect(cspDirectives(headers["Content-Security-Policy"]!).get("frame-ancestors")).toEqual(["'none'"]);
    const emailChange = pageSecurityHeaders("/confirm-email-change", { nonce, https: false });
    expect(emailChange["Referrer-Policy"]).toBe("no-referrer");
    expect(emailChange["X-Robots-Tag"]).toBe("noindex");
  });

  it("adds HSTS only over HTTPS", () => {
    expect(pageSecurityHeaders("/", { nonce, https: true })["Strict-Transport-Security"]).toBe(HSTS_VALUE);
    expect(pageSecurityHeaders("/cast/t", { nonce, https: true })["Strict-Transport-Security"]).toBe(HSTS_VALUE);
  });
});

describe("cameOverHttps", () => {
  it("reads the request's scheme or a TLS-terminating proxy's X-Forwarded-Proto", () => {
    expect(cameOverHttps(new URL("https://portal.example/"), new Headers())).toBe(true);
    expect(cameOverHttps(new URL("http://portal.example/"), new Headers())).toBe(false);
    expect(cameOverHttps(new URL("http://portal.example/"), new Headers({ "x-forwarded-proto": "https" }))).toBe(true);
    expect(cameOverHttps(new URL("http://portal.example/"), new Headers({ "x-forwarded-proto": "HTTPS, http" }))).toBe(true);
    expect(cameOverHttps(new URL("http://portal.example/"), new Headers({ "x-forwarded-proto": "http" }))).toBe(false);
    expect(cameOverHttps(new URL("http://portal.example/"), new Headers({ "x-forwarded-proto": "http, https" }))).toBe(false);
  });
});
