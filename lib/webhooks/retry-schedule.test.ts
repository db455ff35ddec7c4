import { expect, it } from "vitest";
import { webhookAttemptOffsets, webhookRetryDelaySeconds, WEBHOOK_DEFAULT_MAX_ATTEMPTS } from "./retry-schedule";

it("backs off from 60 s, doubling, capped at one hour", () => {
  expect(Array.from({ length: 10 }, (_, i) => webhookRetryDelaySeconds(i + 1))).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600]);
  expect(webhookRetryDelaySeconds(1000)).toBe(3600);
});

it("twenty attempts by default span about fourteen hours of backoff (docs/decisions.md#d19)", () => {
  expect(WEBHOOK_DEFAULT_MAX_ATTEMPTS).toBe(20);
  const offsets = webhookAttemptOffsets(20);
  expect(offsets.slice(0, 8)).toEqual([0, 60, 180, 420, 900, 1860, 3780, 7380]);
  expect(offsets).toHaveLength(20);
  expect(offsets[19]).toBe(50_580);
  // Five attempts, the other figure in the spec, would give up after 900 s.
  expect(webhookAttemptOffsets(5)[4]).toBe(900);
});
