import { NextResponse, type NextRequest } from "next/server";
import { auth } from "@/auth";
import { cameOverHttps, newNonce, pageSecurityHeaders } from "@/lib/security-headers";

/**
 * Every portal page passes here. Each response gets the page security headers with a fresh CSP
 * nonce (lib/security-headers.ts, docs/decisions.md#r13); the policy also goes to Next.js as a
 * request header, which is how Next learns the nonce for its scripts.
 * Pages other than the sign-in pages and console-cast links are private: without a valid session
 * (the JWT callback re-checks sessionVersion in the database) the browser goes to
 * /login?callbackUrl=<page>. Role checks happen in the pages themselves (lib/auth/session.ts);
 * this only authenticates.
 */
export async function proxy(req: NextRequest) {
  if (isPublicPage(req.nextUrl.pathname)) return page(req);

  // Auth.js types its wrapper as a route handler; the context only reaches the handler below, which ignores it.
  return guarded(req, { params: Promise.resolve({}) });
}

/** Pages anyone may open: sign-in (and its second-factor step), sign-up, the email links and console-cast links. */
function isPublicPage(pathname: string): boolean {
  return /^\/(?:(?:login|sign-up|verify-email|forgot-password|reset-password|invitation|confirm-email-change)(?:\/|$)|cast\/)/.test(pathname);
}

const guarded = auth((req) => {
  if (req.auth?.user?.id) return page(req);
  const login = new URL("/login", req.nextUrl);
  login.searchParams.set("callbackUrl", `${req.nextUrl.pathname}${req.nextUrl.search}`);

  return withHeaders(NextResponse.redirect(login), securityHeaders(req, newNonce()));
});

/** Lets the page render, with the policy (and so the nonce) in the request Next.js renders from. */
function page(req: NextRequest): NextResponse {
  const nonce = newNonce();
  const headers = securityHeaders(req, nonce);
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set("content-security-policy", headers["Content-Security-Policy"]!);
  requestHeaders.set("x-nonce", nonce);

  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), headers);
}

function securityHeaders(req: NextRequest, nonce: string): Record<string, string> {
  return pageSecurityHeaders(req.nextUrl.pathname, { nonce, https: cameOverHttps(req.nextUrl, req.headers), dev: process.env.NODE_ENV === "development" });
}

function withHeaders(res: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);

  return res;
}

export const config = {
  // Every page, public ones included (they need the headers too). Not matched: Auth.js and other
  // API routes and the public APIs (API responses, not pages, with their own headers; bodies must
  // not be buffered by the proxy), health checks, websockets, Next.js assets and files with an extension.
  matcher: ["/((?!api/|v1(?:/|$)|healthz|ws/|openapi\\.json|_next/|.*\\.[a-zA-Z0-9]+$).*)"],
};
