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
