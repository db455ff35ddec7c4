import { formatDateTime } from "@/lib/format/format-date-time";
import { formatRelativeTime } from "@/lib/format/format-relative-time";

/**
 * "in 3 days", "2 hours ago", with the exact moment (formatDateTime) as its title and machine-readable
 * dateTime. `now` comes from the caller (the page's request time, or a client clock), so the server
 * and the browser render the same words.
 */
export function RelativeTime({ date, now, className }: { date: Date | string; now: Date; className?: string }) {
  const at = typeof date === "string" ? new Date(date) : date;
  return (
    <time dateTime={at.toISOString()} title={formatDateTime(at)} className={className}>
      {formatRelativeTime(at, now)}
    </time>
  );
}
