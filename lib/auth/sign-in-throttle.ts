import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import { formatCount } from "@/lib/format/format-count";

// Sign-in throttling (docs/decisions.md#r15): growing delays per client address, per account and per
// user's second factor instead of a lock-out an attacker can trigger. The rule is `nextAttemptAt`;
// the state lives in SignInThrottle and changes only under an advisory lock on its key, so parallel
// attempts are counted exactly. A refused attempt costs one short transaction and no argon2.

export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The wait after the `freeFailures`-th failure; it doubles with each further failure. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** Failures are forgotten once the last one is this old. */
  forgetAfterMs: number;
  /** Whether a successful attempt clears the failures (accounts: yes; addresses: no). */
  resetOnSuccess: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * One client address: 10 failures, then 1 min, 2 min, 4 min … up to 1 h between attempts. A success
 * does not clear it (an attacker could sign in to their own account to reset it); it is forgotten
 * after 6 h without a failure.
 */
export const ADDRESS_POLICY: ThrottlePolicy = {
  freeFailures: 10,
  baseDelayMs: MINUTE,
  maxDelayMs: HOUR,
  forgetAfterMs: 6 * HOUR,
  resetOnSuccess: false,
};

/**
 * One account (by the email typed, known or not, so the answers never tell which emails exist): 5
 * failures, then 15 s, 30 s, 1 min … up to 5 min between attempts, never a lock. A success clears
 * it; it is forgotten after 24 h without a failure.
 */
export const ACCOUNT_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  baseDelayMs: 15_000,
  maxDelayMs: 5 * MINUTE,
  forgetAfterMs: 24 * HOUR,
  resetOnSuccess: true,
};

/** One user's second factor: the same numbers as an account, counted apart (a right password does not clear it). */
export const SECOND_FACTOR_POLICY: ThrottlePolicy = ACCOUNT_POLICY;

/** A reservation never settled (the process died mid-check) stops counting after this long. */
export const STALE_PENDING_MS = MINUTE;

/** The longest a row can matter: older rows are pruned. */
export const THROTTLE_RETENTION_MS = Math.max(ADDRESS_POLICY.forgetAfterMs, ACCOUNT_POLICY.forgetAfterMs, SECOND_FACTOR_POLICY.forgetAfterMs);

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/**
 * The client address's key: an IPv4 address, or an IPv6 address's /64 (one subscriber's prefix, so
 * rotating through it gains nothing). Without a trusted address (served without server/main.ts) all
 * attempts share one key: the safe side.
 */
export function addressKey(address: string | null): ThrottleKey {
  return { key: `address:${addressBucket(address)}`, policy: ADDRESS_POLICY };
}

/** The account's key: a digest of the email as typed, trimmed and lower-cased (emails match case-insensitively). */
export function accountKey(email: string): ThrottleKey {
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return { key: `account:${digest}`, policy: ACCOUNT_POLICY };
}

export function secondFactorKey(userId: string): ThrottleKey {
  return { key: `second-factor:${userId}`, policy: SECOND_FACTOR_POLICY };
}

export interface ThrottleState {
  failures: number;
  lastFailureAt: Date | null;
  pending: number;
  pendingSince: Date | null;
}

/** The wait after `failures` failures (0 below the free ones). */
export function delayAfter(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 40);

  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** doublings);
}

/** The state as it counts at `now`: old failures forgotten, a stale reservation dropped. */
export function effectiveState(policy: ThrottlePolicy, state: ThrottleState, now: Date): ThrottleState {
  const forgotten = state.lastFailureAt !== null && now.getTime() - state.lastFailureAt.getTime() >= policy.forgetAfterMs;
  const stale = state.pendingSince === null || now.getTime() - state.pendingSince.getTime() >= STALE_PENDING_MS;

  return {
    failures: forgotten ? 0 : state.failures,
    lastFailureAt: forgotten ? null : state.lastFailureAt,
    pending: stale ? 0 : Math.max(0, state.pending),
    pendingSince: stale ? null : state.pendingSince,
  };
}

/**
 * When the next attempt may start, or null when it may start now. Attempts still being checked
 * count as failures at `now`, so N parallel attempts get exactly as far as N sequential failures.
 */
export function nextAttemptAt(policy: ThrottlePolicy, state: ThrottleState, now: Date): Date | null {
  const { failures, pending, lastFailureAt } = effectiveState(policy, state, now);
  const counted = failures + pending;
  if (counted < policy.freeFailures) return null;
  const last = pending > 0 || !lastFailureAt ? now : lastFailureAt;
  const at = new Date(last.getTime() + delayAfter(policy, counted));

  return at > now ? at : null;
}

export type AttemptOutcome = "success" | "failure" | "not_checked";

export type SignInReservation =
  | { ok: true; settle(outcome: AttemptOutcome): Promise<void> }
  | { ok: false; retryAt: Date };

export interface ThrottleContext {
  db: Db;
  now: Date;
}

/**
 * Reserves one attempt on every key, or refuses with the moment the last of them allows one. All or
 * nothing: a refusal by one key reserves nothing on the others. The caller checks the secret only
 * after `ok`, then settles: a failure counts from `now`, a success clears the keys whose policy says
 * so, `not_checked` (the check did not run) just gives the reservation back.
 */
export async function reserveSignInAttempt(ctx: ThrottleContext, input: { keys: readonly ThrottleKey[] }): Promise<SignInReservation> {
  const { db, now } = ctx;
  const keys = [...new Map(input.keys.map((k) => [k.key, k])).values()].sort((a, b) => (a.key < b.key ? -1 : 1));

  const refusedUntil = await inTransaction(db, async (tx) => {
    // Sorted, so two attempts locking the same keys never wait on each other in a cycle.
    for (const { key } of keys) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`sign-in-throttle:${key}`}, 0))`;
    const rows = await tx.signInThrottle.findMany({ where: { key: { in: keys.map((k) => k.key) } } });
    const stateOf = (key: string): ThrottleState => rows.find((r) => r.key === key) ?? { failures: 0, lastFailureAt: null, pending: 0, pendingSince: null };

    let latest: Date | null = null;
    for (const { key, policy } of keys) {
      const at = nextAttemptAt(policy, stateOf(key), now);
      if (at && (!latest || at > latest)) latest = at;
    }
    if (latest) return latest;

    for (const { key, policy } of keys) {
      const current = effectiveState(policy, stateOf(key), now);
      const data = { failures: current.failures, lastFailureAt: current.lastFailureAt, pending: current.pending + 1, pendingSince: now };
      await tx.signInThrottle.upsert({ where: { key }, create: { key, ...data }, update: data });
    }
    return null;
  });
  if (refusedUntil) return { ok: false, retryAt: refusedUntil };

  return {
    ok: true,
    async settle(outcome) {
      for (const { key, policy } of keys) {
        // Single-statement updates are atomic, so settling needs no lock.
        const data =
          outcome === "failure"
            ? { failures: { increment: 1 }, lastFailureAt: now }
            : outcome === "success" && policy.resetOnSuccess
              ? { failures: 0, lastFailureAt: null }
              : {};
        await db.signInThrottle.updateMany({ where: { key }, data: { ...data, pending: { decrement: 1 } } });
      }
    },
  };
}

/** Deletes rows that no longer count: no failure within the longest forget window and nothing pending. */
export async function deleteStaleSignInThrottles(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - THROTTLE_RETENTION_MS);
  const { count } = await db.signInThrottle.deleteMany({
    where: {
      OR: [{ lastFailureAt: null }, { lastFailureAt: { lt: cutoff } }],
      AND: [{ OR: [{ pendingSince: null }, { pendingSince: { lt: new Date(now.getTime() - STALE_PENDING_MS) } }] }],
    },
  });

  return count;
}

/** The sentence for a refused attempt: the same for every key, so it reveals nothing about the account. */
export function throttledMessage(retryAt: Date, now: Date): string {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  if (seconds < 60) return `Too many failed sign-in attempts. Try again in ${formatCount(seconds, "second")}.`;
  const minutes = Math.ceil(seconds / 60);

  return `Too many failed sign-in attempts. Try again in ${formatCount(minutes, "minute")}.`;
}

/** The sentence when too many password checks are already queued (lib/auth/password-verifier.ts). */
export const SIGN_IN_BUSY_MESSAGE = "Sign-in is busy right now. Try again in a few seconds.";

/** How long a "busy" answer asks the client to wait. */
export const BUSY_RETRY_MS = 5_000;

function addressBucket(raw: string | null): string {
  let ip = (raw ?? "").trim();
  if (ip.startsWith("[") && ip.endsWith("]")) ip = ip.slice(1, -1);
  const zone = ip.indexOf("%");
  if (zone !== -1) ip = ip.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (isIPv6(ip)) return `${ipv6Groups(ip).slice(0, 4).join(":")}::/64`;

  return "unknown";
}

/** The eight 16-bit groups of a valid IPv6 address, as lower-case hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  let text = ip.toLowerCase();
  // An embedded IPv4 tail (::1.2.3.4) becomes two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];

  return groups.map((g) => parseInt(g, 16).toString(16));
}
