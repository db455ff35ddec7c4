// Key forms ask for a calendar day; a key works until the end of that day in UTC, which is also
// the day formatDate (UTC) shows, so what is typed, stored and listed agree.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2030-03-03` → 2030-03-03T23:59:59.999Z; null when the text is not a real calendar day. */
export function endOfUtcDay(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const start = new Date(Date.UTC(year, month - 1, date));
  if (start.getUTCFullYear() !== year || start.getUTCMonth() !== month - 1 || start.getUTCDate() !== date) return null;

  return new Date(start.getTime() + 86_400_000 - 1);
}

/** The UTC calendar day of an instant, as a date input wants it (`2030-03-03`). */
export function utcDayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
