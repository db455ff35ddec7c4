import { NextResponse } from "next/server";
import { auth } from "@/auth";

/**
 * First gate for portal pages: without a valid session (the JWT callback re-checks
 * sessionVersion in the database) the browser goes to /login?callbackUrl=<page>.
 * Role checks happen in the pages themselves (lib/auth/session.ts); this only authenticates.
 */
export const proxy = auth((req) => {
  if (req.auth?.user?.id) return NextResponse.next();
  const login = new URL("/login", req.nextUrl);
  login.searchParams.set("callbackUrl", `${req.nextUrl.pathname}${req.nextUrl.search}`);

  return NextResponse.redirect(login);
});

export const config = {
  // Everything is private by default. Not matched: sign-in pages, Auth.js and other API routes,
  // the public APIs (bearer keys; bodies must not be buffered by the proxy), console-cast
  // links, health checks, Next.js assets and files with an extension.
  matcher: ["/((?!login(?:/|$)|api/|v1(?:/|$)|cast/|healthz|ws/|openapi\\.json|_next/|.*\\.[a-zA-Z0-9]+$).*)"],
};
