const RELATIVE = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });
const DATE_TIME = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** "just now", "5 minutes ago", "in 3 days", "last month" — rounded down to the largest whole unit. */
export function formatRelativeTime(date: Date, now: Date): string {
  let value = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(value) < 45) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return RELATIVE.format(Math.trunc(value), unit);
    value /= size;
  }

  return RELATIVE.format(Math.trunc(value), "year");
}

/** "3 Mar 2030, 14:05 UTC", for title attributes next to relative times. */
export function formatDateTime(date: Date): string {
  return `${DATE_TIME.format(date)} UTC`;
}
