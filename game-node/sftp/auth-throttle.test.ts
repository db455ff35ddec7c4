import { describe, expect, it } from "vitest";
import { AuthThrottle } from "./auth-throttle";

describe("AuthThrottle", () => {
  it("blocks an IP at the limit until its failures leave the window", () => {
    let now = 1_000_000;
    const throttle = new AuthThrottle({ maxFailures: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 2; i++) throttle.recordFailure("203.0.113.5");
    expect(throttle.isBlocked("203.0.113.5")).toBe(false);
    now += 30_000;
    throttle.recordFailure("203.0.113.5");
    expect(throttle.isBlocked("203.0.113.5")).toBe(true);
    expect(throttle.isBlocked("203.0.113.6")).toBe(false);
    // The first two failures leave the window; the third still counts.
    now += 30_001;
    expect(throttle.isBlocked("203.0.113.5")).toBe(false);
    throttle.recordFailure("203.0.113.5");
    throttle.recordFailure("203.0.113.5");
    expect(throttle.isBlocked("203.0.113.5")).toBe(true);
  });

  it("remembers at most maxTracked IPs, forgetting the oldest", () => {
    const throttle = new AuthThrottle({ maxFailures: 1, windowMs: 60_000, maxTracked: 100 });
    for (let i = 0; i < 150; i++) throttle.recordFailure(`10.0.0.${i}`);
    expect(throttle.isBlocked("10.0.0.0")).toBe(false);
    expect(throttle.isBlocked("10.0.0.149")).toBe(true);
    expect(throttle.isBlocked("10.0.0.50")).toBe(true);
  });
});
