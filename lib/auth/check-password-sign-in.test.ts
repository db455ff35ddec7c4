import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { checkPasswordSignIn, type PasswordSignInResult } from "./check-password-sign-in";
import { verifyPassword } from "./password";
import { boundVerifier } from "./password-verifier";
import { ACCOUNT_POLICY, ADDRESS_POLICY, accountKey, addressKey } from "./sign-in-throttle";
import { createTestUser, gatedCheck } from "./test-factories";

// docs/decisions.md#r15. Every password check goes through an injected verifier wrapping the real
// argon2 verify, so the tests count hashes; the clock is injected, nothing depends on timing.

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const T0 = new Date("2030-01-01T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let addresses = 0;
/** A client address no other test uses. */
const freshAddress = () => `10.${Math.floor(++addresses / 250)}.${addresses % 250}.1`;
let emails = 0;
const unknownEmail = () => `nobody-${++emails}@rackfront.test`;

function harness() {
  const hashes = vi.fn(verifyPassword);
  const verifier = boundVerifier(hashes, { concurrency: 2, maxWaiting: 1000 });
  const signIn = (now: Date, clientAddress: string | null, email: string, password: string) =>
    checkPasswordSignIn({ db: t.db, now, verifier }, { email, password, clientAddress });

  return { hashes, signIn };
}

const throttledUntil = (retryAt: Date): PasswordSignInResult => ({ status: "throttled", retryAt });
const INVALID: PasswordSignInResult = { status: "invalid" };

describe("checkPasswordSignIn", () => {
  it("accepts the right password, case-insensitively on the email", async () => {
    const { signIn } = harness();
    const user = await createTestUser(t.db);
    const res = await signIn(T0, freshAddress(), user.email.toUpperCase(), user.password);
    expect(res).toMatchObject({ status: "ok", user: { id: user.id, sessionVersion: 1, hasTotp: false } });
  });

  it("answers an unknown email exactly like a wrong password, after a real argon2 verify", async () => {
    const { signIn, hashes } = harness();
    const user = await createTestUser(t.db);
    expect(await signIn(T0, freshAddress(), user.email, "nope")).toEqual(INVALID);
    expect(await signIn(T0, freshAddress(), "ghost@rackfront.test", "guess")).toEqual(INVALID);
    expect(hashes).toHaveBeenCalledTimes(2);
    const [hash, password] = hashes.mock.calls[1]!;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(password).toBe("guess");
  });

  it("throttles an unknown email exactly like a known one", async () => {
    const { signIn } = harness();
    const user = await createTestUser(t.db);
    const ghost = unknownEmail();
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures; i++) {
      expect(await signIn(T0, freshAddress(), user.email, "bad")).toEqual(INVALID);
      expect(await signIn(T0, freshAddress(), ghost, "bad")).toEqual(INVALID);
    }
    expect(await signIn(at(SECOND), freshAddress(), user.email, "bad")).toEqual(throttledUntil(at(15 * SECOND)));
    expect(await signIn(at(SECOND), freshAddress(), ghost, "bad")).toEqual(throttledUntil(at(15 * SECOND)));
  });

  it(`cuts a 40-way flood from one address over many emails off after ${ADDRESS_POLICY.freeFailures} checks, without hashing the rest`, async () => {
    const { signIn, hashes } = harness();
    const attacker = freshAddress();
    const results = await Promise.all(Array.from({ length: 40 }, () => signIn(T0, attacker, unknownEmail(), "guess")));

    expect(hashes).toHaveBeenCalledTimes(ADDRESS_POLICY.freeFailures);
    expect(results.filter((r) => r.status === "invalid")).toHaveLength(ADDRESS_POLICY.freeFailures);
    expect(results.filter((r) => r.status === "throttled")).toEqual(Array(30).fill(throttledUntil(at(MINUTE))));
    // Still refused, still without hashing, until the minute is over; other addresses are not affected.
    expect(await signIn(at(59 * SECOND), attacker, unknownEmail(), "guess")).toEqual(throttledUntil(at(MINUTE)));
    expect(await signIn(at(59 * SECOND), freshAddress(), unknownEmail(), "guess")).toEqual(INVALID);
    expect(hashes).toHaveBeenCalledTimes(ADDRESS_POLICY.freeFailures + 1);
  });

  it(`cuts a 40-way flood on one account off after ${ACCOUNT_POLICY.freeFailures} checks`, async () => {
    const { signIn, hashes } = harness();
    const user = await createTestUser(t.db);
    const attacker = freshAddress();
    const results = await Promise.all(Array.from({ length: 40 }, () => signIn(T0, attacker, user.email, "guess")));

    expect(hashes).toHaveBeenCalledTimes(ACCOUNT_POLICY.freeFailures);
    expect(results.filter((r) => r.status === "throttled")).toEqual(Array(35).fill(throttledUntil(at(15 * SECOND))));
    expect(await t.db.signInThrottle.findUniqueOrThrow({ where: { key: accountKey(user.email).key } })).toMatchObject({ failures: 5, pending: 0 });
  });

  it("lets the owner sign in from another address while the attacker's address is refused", async () => {
    const { signIn, hashes } = harness();
    const owner = await createTestUser(t.db);
    const attacker = freshAddress();
    // Five wrong passwords on the owner's account, five on other emails: the address is used up.
    for (let i = 0; i < 5; i++) expect(await signIn(T0, attacker, owner.email, "guess")).toEqual(INVALID);
    for (let i = 0; i < 5; i++) expect(await signIn(T0, attacker, unknownEmail(), "guess")).toEqual(INVALID);
    hashes.mockClear();

    // The account asks everybody for 15 s; the attacker's address is refused for a minute.
    const home = freshAddress();
    expect(await signIn(at(5 * SECOND), home, owner.email, owner.password)).toEqual(throttledUntil(at(15 * SECOND)));
    expect(await signIn(at(15 * SECOND), attacker, owner.email, "guess")).toEqual(throttledUntil(at(MINUTE)));
    expect(hashes).not.toHaveBeenCalled();
    expect(await signIn(at(15 * SECOND), home, owner.email, owner.password)).toMatchObject({ status: "ok", user: { id: owner.id } });
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it("makes each further failure on an account wait twice as long, up to 5 minutes, never a lock", async () => {
    const { signIn } = harness();
    const user = await createTestUser(t.db);
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures; i++) await signIn(T0, freshAddress(), user.email, "bad");

    // From many addresses (a botnet), each attempt as soon as the account allows one.
    let now = T0;
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await signIn(now, freshAddress(), user.email, "bad");
      if (refused.status !== "throttled") throw new Error(`expected a wait, got ${refused.status}`);
      waits.push((refused.retryAt.getTime() - now.getTime()) / SECOND);
      now = refused.retryAt;
      expect(await signIn(now, freshAddress(), user.email, "bad")).toEqual(INVALID);
    }
    expect(waits).toEqual([15, 30, 60, 120, 240, 300, 300, 300]);
    // After thirteen failures the owner still gets in once the capped wait is over.
    const last = await signIn(now, freshAddress(), user.email, user.password);
    expect(last).toEqual(throttledUntil(new Date(now.getTime() + 5 * MINUTE)));
    expect(await signIn(new Date(now.getTime() + 5 * MINUTE), freshAddress(), user.email, user.password)).toMatchObject({ status: "ok" });
  });

  it("makes each further failure from an address wait twice as long, up to an hour", async () => {
    const { signIn } = harness();
    const attacker = freshAddress();
    for (let i = 0; i < ADDRESS_POLICY.freeFailures; i++) await signIn(T0, attacker, unknownEmail(), "bad");
    let now = T0;
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await signIn(now, attacker, unknownEmail(), "bad");
      if (refused.status !== "throttled") throw new Error(`expected a wait, got ${refused.status}`);
      waits.push((refused.retryAt.getTime() - now.getTime()) / MINUTE);
      now = refused.retryAt;
      expect(await signIn(now, attacker, unknownEmail(), "bad")).toEqual(INVALID);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it("clears the account's failures on success, but not the address's", async () => {
    const { signIn } = harness();
    const user = await createTestUser(t.db);
    const address = freshAddress();
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures - 1; i++) expect(await signIn(T0, address, user.email, "bad")).toEqual(INVALID);
    expect(await signIn(T0, address, user.email, user.password)).toMatchObject({ status: "ok" });
    expect(await t.db.signInThrottle.findUniqueOrThrow({ where: { key: accountKey(user.email).key } })).toMatchObject({ failures: 0, pending: 0 });
    // Four more failures on the account pass (it starts from zero again); the address counts on.
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures - 1; i++) expect(await signIn(T0, address, user.email, "bad")).toEqual(INVALID);
    expect(await t.db.signInThrottle.findUniqueOrThrow({ where: { key: addressKey(address).key } })).toMatchObject({ failures: 8, pending: 0 });
  });

  it("forgets an account's failures a day after the last one", async () => {
    const { signIn } = harness();
    const user = await createTestUser(t.db);
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures; i++) await signIn(T0, freshAddress(), user.email, "bad");
    const nextDay = at(ACCOUNT_POLICY.forgetAfterMs);
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures; i++) expect(await signIn(nextDay, freshAddress(), user.email, "bad")).toEqual(INVALID);
  });

  it("runs at most the verifier's bound of password checks at once; beyond its queue it answers busy without hashing", async () => {
    const gated = gatedCheck();
    const verifier = boundVerifier(gated.check, { concurrency: 1, maxWaiting: 3 });
    // Six people at once, each from their own address with their own email.
    const emailsUsed = Array.from({ length: 6 }, () => unknownEmail());
    const addressesUsed = emailsUsed.map(() => freshAddress());
    const answers = emailsUsed.map((email, i) => checkPasswordSignIn({ db: t.db, now: T0, verifier }, { email, password: "pw", clientAddress: addressesUsed[i]! }));

    await vi.waitFor(() => expect([verifier.running, verifier.waiting]).toEqual([1, 3]));
    expect(gated.calls).toBe(1);
    for (let i = 0; i < 4; i++) {
      await vi.waitFor(() => expect(gated.calls).toBe(i + 1));
      gated.finishNext(false);
    }
    const results = await Promise.all(answers);
    expect(gated.maxRunning).toBe(1);
    expect(gated.calls).toBe(4);
    expect(results.filter((r) => r.status === "invalid")).toHaveLength(4);
    expect(results.filter((r) => r.status === "busy")).toEqual(Array(2).fill({ status: "busy", retryAt: at(5 * SECOND) }));
    // A busy answer gives its reservation back: nothing counts against that address or email.
    const busyIndexes = results.flatMap((r, i) => (r.status === "busy" ? [i] : []));
    for (const i of busyIndexes) {
      const rows = await t.db.signInThrottle.findMany({ where: { key: { in: [accountKey(emailsUsed[i]!).key, addressKey(addressesUsed[i]!).key] } } });
      expect(rows.map((r) => [r.failures, r.pending])).toEqual([
        [0, 0],
        [0, 0],
      ]);
    }
  });
});
