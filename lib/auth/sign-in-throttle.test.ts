import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  accountKey,
  addressKey,
  delayAfter,
  deleteStaleSignInThrottles,
  effectiveState,
  nextAttemptAt,
  reserveSignInAttempt,
  STALE_PENDING_MS,
  THROTTLE_RETENTION_MS,
  throttledMessage,
} from "./sign-in-throttle";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const T0 = new Date("2030-05-01T08:00:00Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe("the rule", () => {
  it("waits nothing for the free failures, then doubles up to the cap", () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 50].map((f) => delayAfter(ACCOUNT_POLICY, f) / SECOND)).toEqual([0, 15, 30, 60, 120, 240, 300, 300, 300]);
    expect([9, 10, 11, 12, 13, 14, 15, 16, 17, 1000].map((f) => delayAfter(ADDRESS_POLICY, f) / MINUTE)).toEqual([0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it("counts attempts still being checked as failures happening now", () => {
    const state = { failures: 3, lastFailureAt: T0, pending: 2, pendingSince: later(10 * SECOND) };
    const now = later(20 * SECOND);
    // 3 settled + 2 in flight = 5: the next one waits 15 s from now, as if both had just failed.
    expect(nextAttemptAt(ACCOUNT_POLICY, state, now)).toEqual(later(35 * SECOND));
    expect(nextAttemptAt(ACCOUNT_POLICY, { ...state, pending: 1 }, now)).toBeNull();
  });

  it("drops a reservation that never settled once it is stale, and forgets old failures", () => {
    const stuck = { failures: 0, lastFailureAt: null, pending: 9, pendingSince: T0 };
    expect(nextAttemptAt(ACCOUNT_POLICY, stuck, later(STALE_PENDING_MS - 1))).not.toBeNull();
    expect(nextAttemptAt(ACCOUNT_POLICY, stuck, later(STALE_PENDING_MS))).toBeNull();

    const old = { failures: 40, lastFailureAt: T0, pending: 0, pendingSince: null };
    // Never longer than the cap, however many failures.
    expect(nextAttemptAt(ACCOUNT_POLICY, old, later(ACCOUNT_POLICY.maxDelayMs - 1))).toEqual(later(ACCOUNT_POLICY.maxDelayMs));
    expect(nextAttemptAt(ACCOUNT_POLICY, old, later(ACCOUNT_POLICY.maxDelayMs))).toBeNull();
    expect(effectiveState(ACCOUNT_POLICY, old, later(ACCOUNT_POLICY.forgetAfterMs - 1)).failures).toBe(40);
    expect(effectiveState(ACCOUNT_POLICY, old, later(ACCOUNT_POLICY.forgetAfterMs))).toMatchObject({ failures: 0, lastFailureAt: null });
  });

  it("keys an IPv6 client by its /64 and an IPv4-mapped one by its IPv4 address", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1").key).toBe("address:2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff").key).toBe("address:2001:db8:1:2::/64");
    expect(addressKey("[2001:db8::1%eth0]").key).toBe("address:2001:db8:0:0::/64");
    expect(addressKey("::ffff:192.0.2.7").key).toBe("address:192.0.2.7");
    expect(addressKey("192.0.2.7").key).toBe("address:192.0.2.7");
    expect(addressKey(null).key).toBe("address:unknown");
    expect(addressKey("not an address").key).toBe("address:unknown");
  });

  it("keys an account by its email, whatever the case and spaces typed", () => {
    expect(accountKey(" Ann@Example.TEST ").key).toBe(accountKey("ann@example.test").key);
    expect(accountKey("ann@example.test").key).toMatch(/^account:[0-9a-f]{64}$/);
  });

  it("says when to try again, in seconds under a minute and in minutes above", () => {
    expect(throttledMessage(later(15 * SECOND), T0)).toBe("Too many failed sign-in attempts. Try again in 15 seconds.");
    expect(throttledMessage(later(200), T0)).toBe("Too many failed sign-in attempts. Try again in 1 second.");
    expect(throttledMessage(later(60 * SECOND), T0)).toBe("Too many failed sign-in attempts. Try again in 1 minute.");
    expect(throttledMessage(later(4 * MINUTE + 1), T0)).toBe("Too many failed sign-in attempts. Try again in 5 minutes.");
  });
});

describe("reserveSignInAttempt", () => {
  it("reserves on every key or on none: a refusal by one key leaves the others untouched", async () => {
    const account = accountKey("all-or-nothing@rackfront.test");
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures; i++) {
      const r = await reserveSignInAttempt({ db: t.db, now: T0 }, { keys: [addressKey(`10.1.0.${i + 1}`), account] });
      if (!r.ok) throw new Error("refused too early");
      await r.settle("failure");
    }
    const refused = await reserveSignInAttempt({ db: t.db, now: T0 }, { keys: [addressKey("10.1.1.1"), account] });
    expect(refused).toEqual({ ok: false, retryAt: later(15 * SECOND) });
    expect(await t.db.signInThrottle.findUnique({ where: { key: addressKey("10.1.1.1").key } })).toBeNull();
  });

  it("settles parallel reservations exactly: of 30 at once, the free ones pass and the rest wait", async () => {
    const key = accountKey("parallel@rackfront.test");
    const results = await Promise.all(Array.from({ length: 30 }, () => reserveSignInAttempt({ db: t.db, now: T0 }, { keys: [key] })));
    const passed = results.filter((r) => r.ok);
    expect(passed).toHaveLength(ACCOUNT_POLICY.freeFailures);
    expect(results.filter((r) => !r.ok)).toEqual(Array(30 - ACCOUNT_POLICY.freeFailures).fill({ ok: false, retryAt: later(15 * SECOND) }));
    expect(await t.db.signInThrottle.findUniqueOrThrow({ where: { key: key.key } })).toMatchObject({ failures: 0, pending: 5 });

    await Promise.all(passed.map((r) => r.ok && r.settle("failure")));
    expect(await t.db.signInThrottle.findUniqueOrThrow({ where: { key: key.key } })).toMatchObject({ failures: 5, pending: 0, lastFailureAt: T0 });
  });

  it("gives an unchecked attempt back without counting it", async () => {
    const key = accountKey("not-checked@rackfront.test");
    const r = await reserveSignInAttempt({ db: t.db, now: T0 }, { keys: [key] });
    if (!r.ok) throw new Error("refused");
    await r.settle("not_checked");
    expect(await t.db.signInThrottle.findUniqueOrThrow({ where: { key: key.key } })).toMatchObject({ failures: 0, pending: 0 });
  });

  it("prunes rows whose failures are forgotten and that have nothing pending", async () => {
    const now = later(10 * 24 * 60 * MINUTE);
    await t.db.signInThrottle.createMany({
      data: [
        { key: "prune:old", failures: 3, lastFailureAt: new Date(now.getTime() - THROTTLE_RETENTION_MS - 1) },
        { key: "prune:recent", failures: 3, lastFailureAt: new Date(now.getTime() - THROTTLE_RETENTION_MS + MINUTE) },
        { key: "prune:in-flight", pending: 1, pendingSince: new Date(now.getTime() - 1000) },
        { key: "prune:never-failed", failures: 0, pending: 0 },
      ],
    });
    await deleteStaleSignInThrottles(t.db, now);
    const left = await t.db.signInThrottle.findMany({ where: { key: { startsWith: "prune:" } }, orderBy: { key: "asc" } });
    expect(left.map((r) => r.key)).toEqual(["prune:in-flight", "prune:recent"]);
  });
});
