import { DISPLAY_LOCALE } from "./display-locale";

// Time on a chart's axis and in its tooltip, in UTC like every date on the pages (formatDate,
// formatDateTime): a day range is labelled with dates, one tick per UTC day; 24 hours with times.

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const DAY = new Intl.DateTimeFormat(DISPLAY_LOCALE, { day: "numeric", month: "short", timeZone: "UTC" });
const CLOCK = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" });
const CLOCK_SECONDS = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false, timeZone: "UTC" });

/** The range switch of a usage chart. */
export type ChartRange = "24h" | "7d" | "30d";

/** A day range is drawn with one tick per day; shorter ones by the hour. */
export const isDayRange = (range: ChartRange) => range !== "24h";

/** "3 Mar": a day tick. */
export function formatChartDay(at: number | string | Date): string {
  return DAY.format(new Date(at));
}

/** "14:05" (or "14:05:09" with seconds): a time tick of a short range. */
export function formatChartClock(at: number | string | Date, options: { seconds?: boolean } = {}): string {
  return (options.seconds ? CLOCK_SECONDS : CLOCK).format(new Date(at));
}

/** "3 Mar, 14:05 UTC": the moment of one point, for tooltips and screen-reader summaries. */
export function formatChartMoment(at: number | string | Date): string {
  return `${DAY.format(new Date(at))}, ${CLOCK.format(new Date(at))} UTC`;
}

/** The tick label of a range: dates for 7 and 30 days, times for 24 hours. */
export function formatChartTick(range: ChartRange, at: number | string | Date): string {
  return isDayRange(range) ? formatChartDay(at) : formatChartClock(at);
}

/**
 * Where the ticks go between two moments (epoch milliseconds): every UTC midnight for a day range,
 * so each date appears once however many points a day has; every hour for 24 hours. The axis leaves
 * out ticks that would overlap (a phone shows every few days), never repeating a date.
 */
export function chartTicks(range: ChartRange, fromMs: number, toMs: number): number[] {
  const step = isDayRange(range) ? DAY_MS : HOUR_MS;
  const ticks: number[] = [];
  for (let t = Math.ceil(fromMs / step) * step; t <= toMs; t += step) ticks.push(t);
  return ticks;
}
