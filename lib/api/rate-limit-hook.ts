import type { Db } from "@/lib/db/client";
import { getResellerHourlyCeiling } from "@/lib/api-keys/reseller-hourly-ceiling";
import { getPlatformSwitches, type PlatformSwitches } from "@/lib/platform/platform-switches";
import { ApiError, API_ERROR_CODES } from "./api-error";
import { bucketsOf, countHits } from "@/lib/platform/rate-limit-counters";
import {
  customerWindowOffsetMs,
  exceededWindows,
  fixedHourWindow,
  HOUR_MS,
  remainingOf,
  resellerKeyHourlyLimit,
  secondsUntil,
  slidingRetryAt,
  slidingWindow,
  tighterWindow,
  unixSeconds,
  type WindowReading,
} from "./rate-limit/windows";

/** Whose request it is, as the API's authentication found it. */
export type RateLimitSubject =
  | { api: "customer"; keyId: string }
  | {
      api: "reseller";
      keyId: string;
      resellerId: string;
      /** ResellerApiKey.hourlyLimit (applies only when lower than the reseller's). */
      keyHourlyLimit: number | null;
      /** ResellerProfile.hourlyLimit (replaces the programme's accountHourlyLimit when set). */
      resellerHourlyLimit: number | null;
      /** ResellerProgramme.accountHourlyLimit when the caller has read it already (else it is read here). */
      programmeHourlyLimit?: number;
    };

/** The window the `X-RateLimit-*` headers describe; handlers see it as `ctx.rateLimit` (GET / reports it). */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Requests in the window, this one and refused ones included. */
  used: number;
  /** Unix seconds. */
  reset: number;
}

export interface RateLimitCount {
  state: RateLimitState;
  /** `X-RateLimit-*` headers for the answer, whatever it turns out to be. */
  headers: Record<string, string>;
  /** The 429 to send once the checks that come before it (scope, signature) have passed. */
  refusal: ApiError | null;
}

export const customerKeySubject = (keyId: string) => `customer-key:${keyId}`;
export const resellerKeySubject = (keyId: string) => `reseller-key:${keyId}`;
export const resellerSubject = (resellerId: string) => `reseller:${resellerId}`;

/**
 * Counts one authenticated request in the database (shared by every server process) and says
 * whether it is over a limit. The dispatcher calls it right after authentication, so requests that
 * scope or signature then refuse are counted too (both specs: refused requests count), and throws
 * `refusal` only after the signature (docs/decisions.md#d20). Design and precision: rate-limit/windows.ts.
 *
 * - customer: one fixed hour per key, `PlatformSettings.customerHourlyLimit` (the same for every key);
 *   429 `RATE_LIMITED` with `Retry-After` (seconds to the window's end).
 * - reseller: a sliding hour per key and one per reseller; the headers describe the window with fewer
 *   requests remaining (docs/decisions.md#d16) and `X-RateLimit-Reset` is always an hour ahead; 429
 *   `Rate limit exceeded` with `Retry-After` (when enough old requests will have left the window).
 */
export async function countRequest(
  subject: RateLimitSubject,
  { db, now, switches }: { db: Db; now: Date; switches?: () => Promise<PlatformSwitches> },
): Promise<RateLimitCount> {
  return subject.api === "customer"
    ? countCustomerRequest(subject.keyId, db, now, switches ?? (() => getPlatformSwitches(db)))
    : countResellerRequest(subject, db, now);
}

async function countCustomerRequest(keyId: string, db: Db, now: Date, switches: () => Promise<PlatformSwitches>): Promise<RateLimitCount> {
  const limit = Math.max(0, (await switches()).customerHourlyLimit);
  const window = fixedHourWindow(now, customerWindowOffsetMs(keyId));
  const subject = customerKeySubject(keyId);
  const used = (await countHits(db, [{ subject, bucketStart: window.start, windowFrom: window.start }])).get(subject)!;
  const state: RateLimitState = { limit, used, remaining: remainingOf({ name: "key", limit, used }), reset: unixSeconds(window.reset) };
  const headers = {
    "X-RateLimit-Limit": String(state.limit),
    "X-RateLimit-Remaining": String(state.remaining),
    "X-RateLimit-Reset": String(state.reset),
  };
  let refusal: ApiError | null = null;
  if (used > limit) {
    const seconds = secondsUntil(window.reset, now);
    refusal = new ApiError(429, API_ERROR_CODES.rateLimited, `Hourly request limit of ${limit} for this API key reached; try again in ${seconds} seconds`, {
      headers: { "Retry-After": String(seconds) },
    });
  }
  return { state, headers, refusal };
}

interface ResellerWindow extends WindowReading {
  subject: string;
}

async function countResellerRequest(subject: Extract<RateLimitSubject, { api: "reseller" }>, db: Db, now: Date): Promise<RateLimitCount> {
  const ceiling = Math.max(
    0,
    subject.resellerHourlyLimit ?? subject.programmeHourlyLimit ?? (await getResellerHourlyCeiling(db, { hourlyLimit: subject.resellerHourlyLimit })),
  );
  const keyLimit = resellerKeyHourlyLimit(ceiling, subject.keyHourlyLimit);
  const window = slidingWindow(now);
  const keySubject = resellerKeySubject(subject.keyId);
  const accountSubject = resellerSubject(subject.resellerId);
  const used = await countHits(db, [
    { subject: keySubject, bucketStart: window.bucketStart, windowFrom: window.from },
    { subject: accountSubject, bucketStart: window.bucketStart, windowFrom: window.from },
  ]);
  const windows: [ResellerWindow, ResellerWindow] = [
    { name: "key", subject: keySubject, limit: keyLimit, used: used.get(keySubject)! },
    { name: "reseller", subject: accountSubject, limit: ceiling, used: used.get(accountSubject)! },
  ];
  const shown = tighterWindow(windows);
  const state: RateLimitState = {
    limit: shown.limit,
    used: shown.used,
    remaining: remainingOf(shown),
    // "always one hour ahead" (the reseller API spec Limits)
    reset: unixSeconds(new Date(now.getTime() + HOUR_MS)),
  };
  const headers = {
    "X-RateLimit-Limit": String(state.limit),
    "X-RateLimit-Remaining": String(state.remaining),
    "X-RateLimit-Used": String(state.used),
    "X-RateLimit-Reset": String(state.reset),
  };
  const over = exceededWindows(windows);
  if (over.length === 0) return { state, headers, refusal: null };
  // Only on a refusal: when would the next request fit in every window it is over?
  let retryAt = now.getTime() + HOUR_MS;
  const retries = await Promise.all(
    over.map(async (w) => slidingRetryAt(await bucketsOf(db, w.subject, window.from, window.bucketStart), w.used, w.limit)),
  );
  if (retries.every((r) => r !== null)) retryAt = Math.max(...retries.map((r) => r!.getTime()));
  return {
    state,
    headers,
    refusal: new ApiError(429, API_ERROR_CODES.rateLimited, "Rate limit exceeded", {
      headers: { "Retry-After": String(secondsUntil(new Date(retryAt), now)) },
    }),
  };
}
