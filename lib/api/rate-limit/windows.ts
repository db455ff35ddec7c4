import { createHash } from "node:crypto";

// The arithmetic of the two request windows, free of the database (counters.ts writes them).
//
// Customer API: a FIXED one-hour window per key. Each key's hours start at its own offset (0-3599 s
// past the hour, from a hash of the key id), so clients that hit the limit do not all come back at
// :00. X-RateLimit-Reset is the end of the key's current hour, when the count starts again from 0.
// A fixed window lets up to twice the limit through in a short span around a window boundary
// (limit at the end of one hour, limit at the start of the next); the spec asks only for "an hourly
// window per key" and Reset semantics clients can act on, which a sliding window does not give.
//
// Reseller API: a SLIDING hour, built from one-minute buckets. A request is counted in the bucket of
// its minute; the window is the current bucket plus the 60 before it. So a request keeps counting for
// at least 60 and at most 61 minutes: never more than `limit` requests are accepted in any 60-minute
// span, and a client may have to wait up to one extra minute compared with an exact sliding log.
// Cost: one upsert of one row per subject and request, and a sum over at most 61 rows (index range).

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** Sliding window: bucket width and how many buckets (current one included) are summed. */
export const SLIDING_BUCKET_MS = MINUTE_MS;
export const SLIDING_WINDOW_BUCKETS = 61;
/** How long after its start a sliding bucket stops counting. */
export const SLIDING_BUCKET_LIFETIME_MS = SLIDING_WINDOW_BUCKETS * SLIDING_BUCKET_MS;

/** Seconds past the hour at which a customer key's windows start: stable per key, spread over the hour. */
export function customerWindowOffsetMs(keyId: string): number {
  return (createHash("sha256").update(keyId).digest().readUInt32BE(0) % 3600) * 1000;
}

/** The fixed hour containing `now` for windows that start `offsetMs` past each hour. */
export function fixedHourWindow(now: Date, offsetMs: number): { start: Date; reset: Date } {
  const start = Math.floor((now.getTime() - offsetMs) / HOUR_MS) * HOUR_MS + offsetMs;
  return { start: new Date(start), reset: new Date(start + HOUR_MS) };
}

/** The sliding window at `now`: the bucket this request goes into and the oldest bucket still counted. */
export function slidingWindow(now: Date): { bucketStart: Date; from: Date } {
  const bucketStart = Math.floor(now.getTime() / SLIDING_BUCKET_MS) * SLIDING_BUCKET_MS;
  return { bucketStart: new Date(bucketStart), from: new Date(bucketStart - (SLIDING_WINDOW_BUCKETS - 1) * SLIDING_BUCKET_MS) };
}

/** Unix seconds. */
export const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Whole seconds from `now` until `at`, never less than 1 (a Retry-After of 0 invites a busy loop). */
export { secondsUntil } from "@/lib/cooldowns/seconds-until";

/**
 * When the next request of a sliding window would be accepted: the moment enough of the oldest
 * buckets have dropped out that `used` (this request included) minus what they held, plus one more
 * request, fits in `limit`. Null when no amount of waiting helps (limit 0).
 */
export function slidingRetryAt(buckets: readonly { bucketStart: Date; hits: number }[], used: number, limit: number): Date | null {
  if (limit <= 0) return null;
  const mustRelease = used + 1 - limit;
  if (mustRelease <= 0) return null;
  let released = 0;
  for (const b of [...buckets].sort((x, y) => x.bucketStart.getTime() - y.bucketStart.getTime())) {
    released += b.hits;
    if (released >= mustRelease) return new Date(b.bucketStart.getTime() + SLIDING_BUCKET_LIFETIME_MS);
  }
  return null;
}

/** One window after this request was counted. */
export interface WindowReading {
  name: "key" | "reseller";
  limit: number;
  /** Requests in the window, this one and refused ones included. */
  used: number;
}

export const remainingOf = (w: WindowReading) => Math.max(0, w.limit - w.used);

/** The window the headers describe (docs/decisions.md#d16): fewer requests remaining wins; a tie goes to the first (the key's). */
export function tighterWindow<W extends WindowReading>(windows: readonly [W, ...W[]]): W {
  return windows.reduce((best, w) => (remainingOf(w) < remainingOf(best) ? w : best));
}

/** Windows this request went over: it is refused when there is any. */
export const exceededWindows = <W extends WindowReading>(windows: readonly W[]) => windows.filter((w) => w.used > w.limit);

/**
 * The key window's limit: the key's own `hourlyLimit` only when lower than the reseller-wide ceiling
 * (Authentication §2: "only lower than the account's"; a higher one left in a row is not honoured).
 */
export function resellerKeyHourlyLimit(ceiling: number, keyLimit: number | null): number {
  return keyLimit !== null && keyLimit < ceiling ? Math.max(0, keyLimit) : Math.max(0, ceiling);
}
