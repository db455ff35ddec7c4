/** Where backends read the time. Jobs are timelines against this clock, so tests move time by hand. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ManualClock extends Clock {
  advance(ms: number): Date;
  set(at: Date | string): void;
}

export function createManualClock(start: Date | string = "2026-03-02T10:00:00.000Z"): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
      return new Date(current);
    },
    set(at: Date | string) {
      current = new Date(at).getTime();
    },
  };
}
