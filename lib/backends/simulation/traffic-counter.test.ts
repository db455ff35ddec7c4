import { expect, it } from "vitest";
import { phaseOf, waveBytes, waveRateBps, type TrafficWave } from "./traffic-counter";

const wave: TrafficWave = { meanBps: 8_000_000, periodMs: 600_000, phase: phaseOf("3f2a9c10-0000-4000-8000-000000000000") };
const t0 = new Date("2026-05-01T00:00:00Z");
const at = (s: number) => new Date(t0.getTime() + s * 1000);

it("counts the integral of the rate: additive over intervals, never shrinking, the mean over whole periods", () => {
  expect(waveBytes(wave, t0, at(100)) + waveBytes(wave, at(100), at(250))).toBeCloseTo(waveBytes(wave, t0, at(250)), -1);
  let previous = 0;
  for (let s = 0; s <= 1800; s += 37) {
    const counted = waveBytes(wave, t0, at(s));
    expect(counted).toBeGreaterThanOrEqual(previous);
    previous = counted;
  }
  // Over one whole period the swing cancels: exactly the mean rate (1 MB/s for 8 Mbit/s).
  expect(waveBytes(wave, t0, at(600))).toBe(600 * 1_000_000);
  expect(waveBytes(wave, at(10), at(10))).toBe(0);
  expect(waveBytes(wave, at(10), at(5))).toBe(0);
});

it("the rate swings between zero and twice the mean, and a short interval's bytes match the rate", () => {
  for (let s = 0; s < 600; s += 13) {
    const r = waveRateBps(wave, at(s));
    expect(r).toBeGreaterThanOrEqual(0);
    expect(r).toBeLessThanOrEqual(16_000_000);
    expect(waveBytes(wave, at(s), at(s + 1))).toBeCloseTo(waveRateBps(wave, at(s + 0.5)) / 8, -2);
  }
});
