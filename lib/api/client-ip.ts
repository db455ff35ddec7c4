import { normalizeIp } from "./ip-allowlist";

/**
 * How the API learns the client's address (for key IP allowlists).
 *
 * The dispatcher takes `clientIp` from its caller. A fast path in server.ts has the socket and
 * passes `req.socket.remoteAddress`. Through Next.js the route handler only sees headers, and
 * Next fills `x-forwarded-for` only when the client did not send one (`??=`), so that header is
 * whatever the client wants it to be: it is never used. Instead the custom server may overwrite
 * TRUSTED_CLIENT_IP_HEADER on every request with the socket address and then call
 * `markClientIpHeaderTrusted()`; only then is the header read. Until it does, the address is
 * unknown and keys that carry an allowlist are refused (403 FORBIDDEN), never waved through.
 */
export const TRUSTED_CLIENT_IP_HEADER = "x-rackfront-client-ip";

const slot = globalThis as unknown as { __rackfrontClientIpHeaderTrusted?: boolean };

/** For server.ts, after it sets TRUSTED_CLIENT_IP_HEADER from the socket on every request. */
export function markClientIpHeaderTrusted(trusted = true): void {
  slot.__rackfrontClientIpHeaderTrusted = trusted;
}

export function clientIpFromTrustedHeader(headers: Headers): string | null {
  if (!slot.__rackfrontClientIpHeaderTrusted) return null;
  const value = headers.get(TRUSTED_CLIENT_IP_HEADER);
  return value ? normalizeIp(value) : null;
}
