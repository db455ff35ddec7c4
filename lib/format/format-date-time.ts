const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
  timeZone: "UTC",
});

/** "3 Mar 2030, 14:05:09 UTC" (UTC, so server and browser agree). */
export function formatDateTime(date: Date): string {
  return `${DATE_TIME.format(date)} UTC`;
}
