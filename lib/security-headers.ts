/**
 * The security headers of every portal page (docs/decisions.md#r13): a Content-Security-Policy
 * with a fresh nonce per request, `Referrer-Policy`, `X-Content-Type-Options` and, over HTTPS,
 * `Strict-Transport-Security`. proxy.ts sets them on every page it matches and hands the policy
 * to Next.js as a request header, from which Next reads the nonce and puts it on its own scripts.
 * API responses (`/v1`, `/api`) are not pages and keep their own headers.
 */

/** Which rules a page follows: a page whose address is a credential sends no referrer at all. */
export type PageFamily = "portal" | "credential-link";

/**
 * Pages whose address is a credential, which must not leak through Referer: `/cast/<ticket>` (a
 * console shown to anyone holding the link) and the one-time email links (`/verify-email?token=…`,
 * `/reset-password?token=…`, `/invitation?token=…`, `/confirm-email-change?token=…`).
 */
const CREDENTIAL_LINK = /^\/(?:cast|verify-email|reset-password|invitation|confirm-email-change)(?:\/|$)/;

export function pageFamily(pathname: string): PageFamily {
  return CREDENTIAL_LINK.test(pathname) ? "credential-link" : "portal";
}

/** 128 random bits, base64: unguessable and new for every request. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);

  return btoa(binary);
}

/**
 * Scripts: only those carrying the nonce (Next.js puts it on its runtime, page bundles and inline
 * flight data) and what they load (`'strict-dynamic'`); `'self'` is the fallback for browsers
 * without CSP Level 3. Never `'unsafe-inline'`. Development adds `'unsafe-eval'`, which React's
 * dev build needs for its server stack traces.
 * Styles: `'unsafe-inline'`, because React `style` props (bars, charts) become style attributes,
 * which a nonce cannot cover; styles cannot run code.
 * connect-src `'self'` also matches same-origin `ws:`/`wss:` (CSP Level 3), for the websockets under /ws/
 * and the console relay: checked in Chromium 156, where a same-origin `ws://` dial opens under
 * `connect-src 'self'` with no violation, so no scheme source is added.
 */
export function contentSecurityPolicy(nonce: string, options: { dev?: boolean } = {}): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(nonce)) throw new Error("a CSP nonce must be base64");
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];

  return directives.join("; ");
}

/** One year; no `includeSubDomains`: other hosts under the domain are not this server's to pin. */
export const HSTS_VALUE = "max-age=31536000";

/**
 * Whether the browser reached us over HTTPS: the URL Next.js built for the request says so (TLS on
 * the socket, or `X-Forwarded-Proto: https`), or a TLS-terminating proxy sent
 * `X-Forwarded-Proto: https` (the notion lib/auth/sign-in-flow.ts uses for its Secure cookie).
 * A client forging the header over plain HTTP gains nothing: browsers ignore HSTS received over HTTP.
 */
export function cameOverHttps(url: URL, headers: Headers): boolean {
  if (url.protocol === "https:") return true;
  const forwarded = headers.get("x-forwarded-proto");

  return forwarded?.split(",")[0]?.trim().toLowerCase() === "https";
}

/**
 * The response headers of a page at `pathname`. A credential-link page also tells search engines not
 * to index it: its address is a credential (robots.txt alone does not stop a crawler that was given
 * the link from listing it).
 */
export function pageSecurityHeaders(pathname: string, options: { nonce: string; https: boolean; dev?: boolean }): Record<string, string> {
  const cast = pageFamily(pathname) === "credential-link";
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options.nonce, { dev: options.dev }),
    "Referrer-Policy": cast ? "no-referrer" : "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
  };
  if (cast) headers["X-Robots-Tag"] = "noindex";
  if (options.https) headers["Strict-Transport-Security"] = HSTS_VALUE;

  return headers;
}
