import { formatCount } from "./format-count";
/**
 * Time left as a clock: "59:07", "1:02:03", "0:00" once passed. Rounded up to the whole second, so
 * the clock shows 0:00 only when the moment has come (a viewer counting down to a cut-off).
 */
export function formatCountdown(until: Date, now: Date): string {
  const total = Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, "0");
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, "0")}:${ss}`;

  return `${minutes}:${ss}`;
}

/** The same time left in words, for screen readers and title attributes: "1 hour 2 minutes left". */
export function describeCountdown(until: Date, now: Date): string {
  const total = Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
  if (total === 0) return "no time left";
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const parts: string[] = [];
  if (hours > 0) parts.push(formatCount(hours, "hour"));
  if (minutes > 0) parts.push(formatCount(minutes, "minute"));
  // Seconds only matter in the last minute; above that the clock beside it is precise enough.
  if (hours === 0 && minutes === 0) parts.push(formatCount(total, "second"));

  return `${parts.join(" ")} left`;
}
