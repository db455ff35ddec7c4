/**
 * The browser's `Origin` header against the origins a console may be opened from
 * (docs/decisions.md#r18): an exact match of the serialised origin, `scheme://host[:port]`, as
 * browsers send it (lowercase host, no default port). No wildcard, no suffix match, no `null`.
 */
export function normalizeOrigins(allowed: string | readonly string[]): string[] {
  const list = typeof allowed === "string" ? [allowed] : [...allowed];
  if (list.length === 0) throw new Error("the console relay needs at least one allowed origin");
  return list.map((value) => {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`not a web origin: ${value}`);
    return url.origin;
  });
}

export function originAllowed(header: string | string[] | undefined, allowed: readonly string[]): boolean {
  return typeof header === "string" && allowed.includes(header);
}

/**
 * Where console pages may be served from: RACKFRONT_BASE_URL's origin when it is set; without it the
 * server names itself by any loopback name on its port (lib/api/public-base-url.ts), so a page on
 * `http://127.0.0.1:<port>` or `http://[::1]:<port>` is the same server as `http://localhost:<port>`.
 */
export function consoleRelayOrigins(configuredBaseUrl: string | undefined, port: number): string[] {
  if (configuredBaseUrl) return normalizeOrigins(configuredBaseUrl);
  return normalizeOrigins([`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]);
}
