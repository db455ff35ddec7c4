const SECOND = 1000;
const MINUTE = 60 * SECOND;

// Inngest's server-side retry table (pkg/backoff TableBackoff), without its random jitter so runs stay
// reproducible; the last entry repeats.
const TABLE_MS = [15 * SECOND, 30 * SECOND, MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 20 * MINUTE, 40 * MINUTE, 60 * MINUTE, 120 * MINUTE];

/** Delay before retry number `attempt` (1 for the first retry). */
export function defaultBackoff(attempt: number): number {
  return TABLE_MS[Math.min(Math.max(attempt, 1), TABLE_MS.length) - 1];
}
