"use client";

import { describeCountdown, formatCountdown } from "@/lib/format/format-countdown";

/**
 * A clock counting down to `until` (role="timer": read on demand, not announced every second).
 * `now` comes from useNow(); before hydration the clock shows dashes.
 */
export function Countdown({ until, now, className }: { until: Date; now: number | null; className?: string }) {
  if (now === null) return <span className={className}>–:––</span>;
  const at = new Date(now);

  return (
    <time role="timer" dateTime={until.toISOString()} aria-label={describeCountdown(until, at)} className={className}>
      {formatCountdown(until, at)}
    </time>
  );
}
