import { DISPLAY_LOCALE } from "./display-locale";

const DATE = new Intl.DateTimeFormat(DISPLAY_LOCALE, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "3 Mar 2030" (UTC, so server and browser agree). Takes a Date or an ISO string. */
export function formatDate(date: Date | string): string {
  return DATE.format(typeof date === "string" ? new Date(date) : date);
}
