/** Whole seconds from `now` until `at`, at least 1 (what Retry-After says). */
export function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}
