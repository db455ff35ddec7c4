/** Attempts before a message is given up as failed (about 13 hours of trying). */
export const EMAIL_MAX_ATTEMPTS = 8;

const DELAYS_SECONDS = [60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600];

/** Seconds to wait after failed attempt `attempt` (1-based) before the next. */
export function emailRetryDelaySeconds(attempt: number): number {
  return DELAYS_SECONDS[Math.min(attempt, DELAYS_SECONDS.length) - 1]!;
}
