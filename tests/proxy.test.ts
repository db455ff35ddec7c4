import { describe, expect, it, vi } from "vitest";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";

// proxy.ts wraps its handler with Auth.js; only the matcher is under test here.
vi.mock("@/auth", () => ({ auth: (handler: unknown) => handler }));
const { config } = await import("@/proxy");

const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });

describe("proxy matcher", () => {
  it.each(["/", "/admin", "/admin/products", "/reseller", "/reseller/keys", "/account/security", "/services/abc", "/loginx", "/castle"])(
    "guards the portal page %s",
    (path) => {
      expect(matches(path)).toBe(true);
    },
  );

  it.each([
    "/login",
    "/login/verify",
    "/api/auth/session",
    "/api/auth/callback/credentials",
    "/api/inngest",
    "/v1",
    "/v1/services",
    "/v1/reseller/orders",
    "/cast/abc123",
    "/healthz",
    "/ws/console",
    "/_next/static/chunks/app.js",
    "/favicon.ico",
    "/openapi.json",
  ])("leaves %s alone (public, API or asset)", (path) => {
    expect(matches(path)).toBe(false);
  });
});
