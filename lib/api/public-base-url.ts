/**
 * Where the API tells clients it lives (openapi.json `servers`, the docs page, the guides, `GET /`'s
 * `base_url` and links), without reflecting whatever a client put in its `Host` header
 * (docs/decisions.md#r10):
 *
 * 1. RACKFRONT_BASE_URL when it is set;
 * 2. else the request's host (its `Host` header, or the URL's host for a Request built in-process
 *    without one) when it is one of RACKFRONT_TRUSTED_HOSTS, by default `localhost`, `127.0.0.1` and
 *    `[::1]` on the port the server listens on;
 * 3. else the API's base path alone (`/v1`), a URL relative to the server that answered.
 */

/**
 * A `Host` header value: an IP literal in brackets, or a reg-name (RFC 3986 unreserved,
 * percent-encoded and sub-delims characters), with an optional port.
 */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::\d{0,5})?$/;

/** True for a `Host` header value that is not a host with an optional port (`a b<>`, `[`). An absent or empty one is not malformed. */
export function isMalformedHost(value: string | null): boolean {
  return value !== null && value !== "" && !HOST_HEADER.test(value);
}

// Next bundles route handlers apart from server.ts's modules: the port lives on globalThis (as lib/api/client-ip.ts's flag).
const slot = globalThis as unknown as { __rackfrontListeningPort?: number };

/** For server/main.ts once it listens: the port the default trusted hosts carry (PORT=0 picks one). */
export function setListeningPort(port: number): void {
  slot.__rackfrontListeningPort = port;
}

interface TrustedHost {
  host: string;
  /** null: any port, or none. */
  port: string | null;
}

function splitHost(value: string): TrustedHost {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(value.trim().toLowerCase());
  if (!m) return { host: value.trim().toLowerCase(), port: null };
  return { host: m[1]!, port: m[2] === undefined || m[2] === "" ? null : String(Number(m[2])) };
}

/**
 * RACKFRONT_TRUSTED_HOSTS: comma-separated `host` or `host:port` entries; an entry without a port
 * trusts that host on any port. Unset (or empty): loopback names on the listening port.
 */
export function trustedHosts(env: NodeJS.ProcessEnv = process.env): TrustedHost[] {
  const configured = (env.RACKFRONT_TRUSTED_HOSTS ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (configured.length) return configured.map(splitHost);
  const port = String(slot.__rackfrontListeningPort ?? (env.PORT && /^\d+$/.test(env.PORT) ? Number(env.PORT) : 3000));
  return ["localhost", "127.0.0.1", "[::1]"].map((host) => ({ host, port }));
}

export function isTrustedHost(value: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (isMalformedHost(value)) return false;
  const candidate = splitHost(value);
  return trustedHosts(env).some((t) => t.host === candidate.host && (t.port === null || t.port === candidate.port));
}

/** The API root as clients should address it (`basePath` is `/v1` or `/v1/reseller`); see the rule above. */
export function apiBaseUrl(request: Request, basePath: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.RACKFRONT_BASE_URL) return `${env.RACKFRONT_BASE_URL.replace(/\/$/, "")}${basePath}`;
  const url = new URL(request.url);
  const host = request.headers.get("host") || url.host;
  if (isTrustedHost(host, env)) return `${url.protocol}//${host.toLowerCase()}${basePath}`;
  return basePath;
}
