// Simulated interface traffic: a rate that swings slowly around its mean (a sine per machine), and
// byte counters that are the exact integral of that rate since the counters started — so, as on a
// real NIC or switch port, they only grow between resets, and rate × time matches the bytes counted.

export interface TrafficWave {
  /** Mean rate, bits per second. */
  meanBps: number;
  /** Period of the swing, ms. */
  periodMs: number;
  /** Phase, 0..1 of a period (per machine, from its id). */
  phase: number;
}

const angle = (wave: TrafficWave, at: Date) => (2 * Math.PI * at.getTime()) / wave.periodMs + wave.phase * 2 * Math.PI;

/** The rate at `at`, bits per second: between 0 and twice the mean. */
export function waveRateBps(wave: TrafficWave, at: Date): number {
  return wave.meanBps * (1 + Math.sin(angle(wave, at)));
}

/** Bytes counted from `from` to `to` at the wave's rate (0 when `to` is not after `from`). */
export function waveBytes(wave: TrafficWave, from: Date, to: Date): number {
  if (to.getTime() <= from.getTime()) return 0;
  const seconds = (to.getTime() - from.getTime()) / 1000;
  // ∫ mean·(1 + sin θ(t)) dt = mean·(Δt + (P/2π)·(cos θ(from) − cos θ(to))), P in seconds.
  const periodSeconds = wave.periodMs / 1000;
  const bits = wave.meanBps * (seconds + (periodSeconds / (2 * Math.PI)) * (Math.cos(angle(wave, from)) - Math.cos(angle(wave, to))));
  return Math.round(bits / 8);
}

/** A stable 0..1 number from a uuid, so every machine has its own phase. */
export function phaseOf(id: string, offset = 0): number {
  return (parseInt(id.replace(/-/g, "").slice(offset, offset + 8), 16) / 0xffffffff) % 1;
}
