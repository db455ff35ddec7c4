const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "3 Mar 2030" (UTC, so server and browser agree). */
export function formatDate(date: Date): string {
  return DATE.format(date);
}
