/** What Next.js hands a page as `searchParams` once awaited: a key may repeat, so a value may be a list. */
export type PageSearchParams = Record<string, string | string[] | undefined>;

/** The first value of a search parameter: `?a=1&a=2` reads as "1", so a repeated key never breaks a page. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A non-negative whole offset from a search parameter; anything else reads as 0. */
export function offsetParam(value: string | string[] | undefined): number {
  return Math.max(0, Math.floor(Number(firstParam(value)) || 0));
}

/** A page number from a search parameter: a whole number from 1 to 10 000 (deeper pages are not worth a query); anything else reads as 1. */
export function pageParam(value: string | string[] | undefined): number {
  const n = Number(firstParam(value));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/**
 * `?a=1&b=x` from the set values, or "" when none is set. Empty strings, 0 and undefined are left out,
 * because every list page treats them as the default (first page, no filter).
 */
export function queryString(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === "" || value === 0) continue;
    q.set(key, String(value));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}
