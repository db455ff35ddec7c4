import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";

// proxy.ts wraps its guard with Auth.js; here the wrapper only hands the request through, and a
// test sets `req.auth` itself to play a signed-in browser.
vi.mock("@/auth", () => ({ auth: (handler: unknown) => handler }));
const { config, proxy: runProxy } = await import("@/proxy");

async function proxy(req: NextRequest): Promise<Response> {
  const res = await runProxy(req);
  if (!res) throw new Error("the proxy answered nothing");

  return res;
}

const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });

function request(path: string, options: { signedIn?: boolean; headers?: Record<string, string>; base?: string } = {}): NextRequest {
  const req = new NextRequest(new URL(path, options.base ?? "http://localhost:3000"), { headers: options.headers });
  if (options.signedIn) Object.assign(req, { auth: { user: { id: "user_1" } } });

  return req;
}

function scriptSrc(policy: string | null): string[] {
  const directive = (policy ?? "").split(";").map((d) => d.trim().split(/\s+/)).find(([name]) => name === "script-src");

  return directive?.slice(1) ?? [];
}

/** The nonce in the response's policy; it is fresh per request and the policy allows scripts only by it. */
function nonceOf(res: Response): string {
  const sources = scriptSrc(res.headers.get("content-security-policy"));
  expect(sources).not.toContain("'unsafe-inline'");
  const nonce = sources.find((s) => s.startsWith("'nonce-"));
  expect(nonce).toBeDefined();

  return nonce!.slice("'nonce-".length, -1);
}

const PORTAL_PAGES = ["/", "/services/svc_1", "/billing/invoices", "/projects", "/reseller", "/reseller/api-keys", "/admin", "/admin/products", "/account/security"];

describe("proxy matcher", () => {
  it.each([...PORTAL_PAGES, "/loginx", "/castle", "/login", "/login/verify", "/cast/abc123", "/no-such-page"])("runs for the page %s", (path) => {
    expect(matches(path)).toBe(true);
  });

  it.each([
    "/api/auth/session",
    "/api/auth/callback/credentials",
    "/api/inngest",
    "/v1",
    "/v1/",
    "/v1/services",
    "/v1/reseller/orders",
    "/healthz",
    "/ws/console",
    "/_next/static/chunks/app.js",
    "/favicon.ico",
    "/openapi.json",
  ])("leaves %s alone (API, asset or health check: not a page)", (path) => {
    expect(matches(path)).toBe(false);
  });
});

describe("proxy", () => {
  it.each(PORTAL_PAGES)("sends a signed-out browser from %s to /login, with the page headers", async (path) => {
    const res = await proxy(request(path));
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/login");
    expect(new URL(res.headers.get("location")!).searchParams.get("callbackUrl")).toBe(path);
    nonceOf(res);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  const RENDERED: [path: string, signedIn: boolean][] = [...PORTAL_PAGES.map((p): [string, boolean] => [p, true]), ["/login", false], ["/login/verify", false], ["/cast/tkt_1", false], ["/invitation", false]];
  it.each(RENDERED)(
    "renders %s (signed in: %s) with a fresh nonce that Next.js reads from the request",
    async (path, signedIn) => {
      const first = await proxy(request(path, { signedIn }));
      const second = await proxy(request(path, { signedIn }));
      for (const res of [first, second]) {
        expect(res.status).toBe(200);
        expect(res.headers.get("x-middleware-next")).toBe("1");
        // NextResponse.next({ request: { headers } }): Next.js renders with these request headers.
        expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(res.headers.get("content-security-policy"));
        expect(res.headers.get("x-middleware-request-x-nonce")).toBe(nonceOf(res));
        expect(res.headers.get("x-middleware-override-headers")?.split(",")).toEqual(expect.arrayContaining(["content-security-policy", "x-nonce"]));
        expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        // Pages whose address carries a credential (a cast ticket, an emailed link) send no referrer (lib/security-headers.ts).
        expect(res.headers.get("referrer-policy")).toBe(path.startsWith("/cast/") || path === "/invitation" ? "no-referrer" : "strict-origin-when-cross-origin");
        expect(res.headers.get("strict-transport-security")).toBeNull();
      }
      expect(nonceOf(first)).not.toBe(nonceOf(second));
    },
  );

  it("serves a console-cast page to a signed-out browser with no referrer, noindex and a same-origin connect-src", async () => {
    for (const path of ["/cast/tkt_1", "/cast/AbC-123_xyz"]) {
      const res = await proxy(request(path));
      expect(res.status, path).toBe(200);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("x-robots-tag")).toBe("noindex");
      // The viewer's websocket is same-origin; 'self' covers ws:/wss: (lib/security-headers.ts).
      expect(res.headers.get("content-security-policy")).toMatch(/(?:^|; )connect-src 'self'(?:;|$)/);
    }
    for (const path of ["/castle", "/"]) {
      const res = await proxy(request(path, { signedIn: true }));
      expect(res.headers.get("x-robots-tag"), path).toBeNull();
    }
  });

  it("replaces a nonce or policy the browser sent", async () => {
    const res = await proxy(request("/login", { headers: { "x-nonce": "chosen", "content-security-policy": "script-src 'nonce-chosen'" } }));
    expect(res.headers.get("x-middleware-request-x-nonce")).not.toBe("chosen");
    expect(res.headers.get("x-middleware-request-content-security-policy")).not.toContain("chosen");
  });

  it("adds HSTS when the request came over HTTPS, directly or through a TLS-terminating proxy", async () => {
    const direct = await proxy(request("/login", { base: "https://portal.example" }));
    expect(direct.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const forwarded = await proxy(request("/", { signedIn: true, headers: { "x-forwarded-proto": "https" } }));
    expect(forwarded.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const redirect = await proxy(request("/admin", { headers: { "x-forwarded-proto": "https" } }));
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });
});
