/**
 * Retry schedule (the reseller API spec "Events", docs/decisions.md#d19): after the n-th failed attempt of a round
 * the next one is due 60 s × 2^(n-1) later, capped at one hour — 60, 120, 240, 480, 960, 1920, 3600,
 * 3600, … — until ResellerProgramme.webhookMaxAttempts attempts (default 20) have failed; then the
 * delivery is permanently failed until someone re-queues it.
 *
 * Why 20 and not 5: the spec states both; docs/decisions.md#d19 settles on 20. Twenty attempts span
 * 60+120+240+480+960+1920 s plus 13 × 3600 s = 50,580 s ≈ 14 h of backoff (about fifteen hours with
 * the up-to-a-minute sweep latency per attempt), so a receiver that is down overnight still gets
 * its events; five attempts would give up after about 15 minutes.
 */

export const WEBHOOK_FIRST_RETRY_SECONDS = 60;
export const WEBHOOK_MAX_RETRY_SECONDS = 3600;
export const WEBHOOK_DEFAULT_MAX_ATTEMPTS = 20;

/** Seconds to wait after the `failedAttempts`-th failed attempt (1-based) before the next one. */
export function webhookRetryDelaySeconds(failedAttempts: number): number {
  if (failedAttempts < 1) return 0;
  const exponent = Math.min(failedAttempts - 1, 30);
  return Math.min(WEBHOOK_FIRST_RETRY_SECONDS * 2 ** exponent, WEBHOOK_MAX_RETRY_SECONDS);
}

/** Offsets in seconds from the first attempt at which attempts 1…maxAttempts happen when every one fails at once. */
export function webhookAttemptOffsets(maxAttempts: number): number[] {
  const offsets = [0];
  for (let n = 1; n < maxAttempts; n++) offsets.push(offsets[n - 1]! + webhookRetryDelaySeconds(n));
  return offsets;
}
