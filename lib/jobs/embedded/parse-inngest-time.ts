const UNIT_MS: Record<string, number> = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };
const DURATION = /^(?:\d+[wdhms])+$/;

/**
 * The SDK sends sleeps and timeouts as its own duration strings ("1h30m", "10s") or as ISO dates
 * (`sleepUntil`). Returns the moment they refer to, counted from `now` for durations.
 */
export function resolveInngestTime(value: string, now: Date): Date {
  // A zero duration serialises as "".
  if (value === "") return now;
  if (DURATION.test(value)) {
    let ms = 0;
    for (const [, count, unit] of value.matchAll(/(\d+)([wdhms])/g)) ms += Number(count) * UNIT_MS[unit];
    return new Date(now.getTime() + ms);
  }
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new Error(`Unrecognised Inngest time ${JSON.stringify(value)}`);
  return at;
}
