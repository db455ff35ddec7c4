import { DISPLAY_LOCALE } from "./display-locale";

const RELATIVE = new Intl.RelativeTimeFormat(DISPLAY_LOCALE, { numeric: "auto" });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/**
 * "just now", "5 minutes ago", "in 3 days", "last month" — rounded down to the largest whole unit.
 * Show it with the exact moment beside it or in a title (formatDateTime; components/ui/relative-time.tsx).
 */
export function formatRelativeTime(date: Date | string, now: Date): string {
  let value = ((typeof date === "string" ? new Date(date) : date).getTime() - now.getTime()) / 1000;
  if (Math.abs(value) < 45) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return RELATIVE.format(Math.trunc(value), unit);
    value /= size;
  }

  return RELATIVE.format(Math.trunc(value), "year");
}
