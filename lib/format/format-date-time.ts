import { DISPLAY_LOCALE } from "./display-locale";

const DATE_TIME = new Intl.DateTimeFormat(DISPLAY_LOCALE, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" });

/** "3 Mar 2030, 14:05 UTC" (UTC with the zone named, so server and browser agree). Takes a Date or an ISO string. */
export function formatDateTime(date: Date | string): string {
  return `${DATE_TIME.format(typeof date === "string" ? new Date(date) : date)} UTC`;
}
