import { describe, expect, it } from "vitest";
import { COOLDOWN_BUCKETS, consumesCooldown, describeCooldown } from "@/lib/cooldowns/cooldown-buckets";
import {
  customerWindowOffsetMs,
  exceededWindows,
  fixedHourWindow,
  resellerKeyHourlyLimit,
  secondsUntil,
  SLIDING_BUCKET_LIFETIME_MS,
  slidingRetryAt,
  slidingWindow,
  tighterWindow,
  unixSeconds,
  type WindowReading,
} from "./windows";

const at = (iso: string) => new Date(iso);

describe("customer fixed hour windows", () => {
  it("starts each key's hours at a stable offset of whole seconds within the hour", () => {
    const offsets = Array.from({ length: 200 }, (_, i) => customerWindowOffsetMs(`key-${i}`));
    for (const o of offsets) {
      expect(o % 1000).toBe(0);
      expect(o).toBeGreaterThanOrEqual(0);
      expect(o).toBeLessThan(3_600_000);
    }
    expect(customerWindowOffsetMs("key-1")).toBe(customerWindowOffsetMs("key-1"));
    // spread: 200 keys do not share a handful of offsets
    expect(new Set(offsets).size).toBeGreaterThan(150);
  });

  it("puts the boundary instant in the new window and the instant before it in the old one", () => {
    const offset = 17 * 60_000 + 5_000; // windows start at :17:05
    expect(fixedHourWindow(at("2026-04-01T10:17:05.000Z"), offset)).toEqual({
      start: at("2026-04-01T10:17:05.000Z"),
      reset: at("2026-04-01T11:17:05.000Z"),
    });
    expect(fixedHourWindow(at("2026-04-01T10:17:04.999Z"), offset)).toEqual({
      start: at("2026-04-01T09:17:05.000Z"),
      reset: at("2026-04-01T10:17:05.000Z"),
    });
    expect(fixedHourWindow(at("2026-04-01T11:17:04.999Z"), offset).reset).toEqual(at("2026-04-01T11:17:05.000Z"));
    expect(fixedHourWindow(at("2026-04-01T00:00:00.000Z"), 0)).toEqual({
      start: at("2026-04-01T00:00:00.000Z"),
      reset: at("2026-04-01T01:00:00.000Z"),
    });
  });

  it("always resets within the coming hour, on a whole second", () => {
    for (let ms = 0; ms < 7_200_000; ms += 61_237) {
      const now = new Date(at("2026-04-01T10:00:00.000Z").getTime() + ms);
      const { start, reset } = fixedHourWindow(now, customerWindowOffsetMs("k"));
      expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(reset.getTime()).toBeGreaterThan(now.getTime());
      expect(reset.getTime() - start.getTime()).toBe(3_600_000);
      expect(reset.getTime() % 1000).toBe(0);
    }
  });
});

describe("reseller sliding window", () => {
  it("counts the current minute's bucket and the 60 before it", () => {
    expect(slidingWindow(at("2026-04-01T10:30:59.999Z"))).toEqual({
      bucketStart: at("2026-04-01T10:30:00.000Z"),
      from: at("2026-04-01T09:30:00.000Z"),
    });
    expect(slidingWindow(at("2026-04-01T10:31:00.000Z"))).toEqual({
      bucketStart: at("2026-04-01T10:31:00.000Z"),
      from: at("2026-04-01T09:31:00.000Z"),
    });
  });

  it("keeps a request counted for at least 60 and at most 61 minutes", () => {
    for (const madeAt of ["2026-04-01T10:00:00.000Z", "2026-04-01T10:00:59.999Z", "2026-04-01T10:00:30.000Z"]) {
      const bucket = slidingWindow(at(madeAt)).bucketStart;
      const countedAt = (ms: number) => slidingWindow(new Date(at(madeAt).getTime() + ms)).from.getTime() <= bucket.getTime();
      expect(countedAt(60 * 60_000 - 1)).toBe(true);
      expect(countedAt(61 * 60_000)).toBe(false);
      // it stops counting exactly at bucket start + 61 minutes
      const leaves = bucket.getTime() + SLIDING_BUCKET_LIFETIME_MS - at(madeAt).getTime();
      expect(countedAt(leaves - 1)).toBe(true);
      expect(countedAt(leaves)).toBe(false);
      expect(leaves).toBeGreaterThan(60 * 60_000);
      expect(leaves).toBeLessThanOrEqual(61 * 60_000);
    }
  });

  it("retries when enough of the oldest buckets have left for one more request", () => {
    const b = (iso: string, hits: number) => ({ bucketStart: at(iso), hits });
    const buckets = [b("2026-04-01T10:05:00.000Z", 3), b("2026-04-01T09:40:00.000Z", 2), b("2026-04-01T10:20:00.000Z", 5)];
    // 10 used, limit 10: one must go → the 09:40 bucket, 61 minutes after its start
    expect(slidingRetryAt(buckets, 10, 10)).toEqual(at("2026-04-01T10:41:00.000Z"));
    // 12 used (two refused requests counted), limit 10: three must go → 09:40 (2) and 10:05 (3)
    expect(slidingRetryAt(buckets, 12, 10)).toEqual(at("2026-04-01T11:06:00.000Z"));
    expect(slidingRetryAt(buckets, 9, 10)).toBeNull();
    expect(slidingRetryAt(buckets, 10, 0)).toBeNull();
  });

  it("never asks for a Retry-After below one second", () => {
    expect(secondsUntil(at("2026-04-01T10:00:00.000Z"), at("2026-04-01T10:00:00.000Z"))).toBe(1);
    expect(secondsUntil(at("2026-04-01T10:00:01.200Z"), at("2026-04-01T10:00:00.000Z"))).toBe(2);
    expect(unixSeconds(at("2026-04-01T10:00:00.999Z"))).toBe(1775037600);
  });
});

describe("which window the headers describe (docs/decisions.md#d16)", () => {
  const w = (name: "key" | "reseller", limit: number, used: number): WindowReading => ({ name, limit, used });

  it("is the one with fewer requests remaining, the key's on a tie", () => {
    expect(tighterWindow([w("key", 100, 10), w("reseller", 1000, 950)]).name).toBe("reseller");
    expect(tighterWindow([w("key", 100, 95), w("reseller", 1000, 950)]).name).toBe("key");
    expect(tighterWindow([w("key", 1000, 400), w("reseller", 1000, 400)]).name).toBe("key");
    // both exhausted: remaining 0 either way, the key's is shown
    expect(tighterWindow([w("key", 100, 150), w("reseller", 1000, 1200)]).name).toBe("key");
  });

  it("refuses when any window is over its limit, not when one is exactly at it", () => {
    expect(exceededWindows([w("key", 100, 100), w("reseller", 1000, 500)])).toEqual([]);
    expect(exceededWindows([w("key", 100, 101), w("reseller", 1000, 500)]).map((x) => x.name)).toEqual(["key"]);
    expect(exceededWindows([w("key", 100, 60), w("reseller", 50, 51)]).map((x) => x.name)).toEqual(["reseller"]);
  });
});

describe("reseller key limits", () => {
  it("apply a key's own limit only when lower than the reseller's ceiling", () => {
    expect(resellerKeyHourlyLimit(5000, null)).toBe(5000);
    expect(resellerKeyHourlyLimit(800, 100)).toBe(100);
    expect(resellerKeyHourlyLimit(800, 800)).toBe(800);
    expect(resellerKeyHourlyLimit(800, 900)).toBe(800);
    expect(resellerKeyHourlyLimit(5000, 0)).toBe(0);
  });
});

describe("cool-down buckets", () => {
  it("carry the spec's figures", () => {
    const figures = Object.fromEntries(Object.entries(COOLDOWN_BUCKETS).map(([name, b]) => [name, describeCooldown(b)]));
    expect(figures).toEqual({
      power: "10 per minute",
      reinstall: "1 per 5 minutes",
      passwordReset: "1 per 10 minutes",
      renewal: "1 per 10 minutes",
      cancellation: "5 per minute",
      orders: "30 per 15 minutes",
      creditPayment: "10 per minute",
    });
  });

  it("are consumed by accepted calls only, and by the BMC's 424 on power", () => {
    for (const status of [200, 201, 202, 204]) expect(consumesCooldown(COOLDOWN_BUCKETS.power, status)).toBe(true);
    for (const status of [400, 403, 404, 409, 429, 500, 503]) expect(consumesCooldown(COOLDOWN_BUCKETS.power, status)).toBe(false);
    expect(consumesCooldown(COOLDOWN_BUCKETS.power, 424)).toBe(true);
    expect(consumesCooldown(COOLDOWN_BUCKETS.reinstall, 424)).toBe(false);
  });
});
