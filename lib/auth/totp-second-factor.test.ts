import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { openSecret } from "@/lib/crypto/secret-box";
import { startTotpEnrolment } from "./start-totp-enrolment";
import { confirmTotpEnrolment } from "./confirm-totp-enrolment";
import { verifySecondFactor } from "./verify-second-factor";
import { disableTotp } from "./disable-totp";
import { getSecuritySettings } from "./get-security-settings";
import { checkPasswordSignIn } from "./check-password-sign-in";
import { SECOND_FACTOR_POLICY } from "./sign-in-throttle";
import { totpFor } from "./totp";
import { createTestUser } from "./test-factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const T0 = new Date("2030-03-01T12:00:10Z");
const at = (steps: number) => new Date(T0.getTime() + steps * 30_000);
/** The password step from a client address of its own, at the real time. */
const passwordStep = (user: { email: string; password: string }, now = new Date()) =>
  checkPasswordSignIn({ db: t.db, now }, { email: user.email, password: user.password, clientAddress: "192.0.2.10" });
const codeAt = (secret: string, when: Date) => totpFor(secret, "x").generate({ timestamp: when.getTime() });

/** A user with the second factor enabled at T0; returns the secret and the recovery codes. */
async function enrolledUser() {
  const user = await createTestUser(t.db);
  const started = await startTotpEnrolment({ userId: user.id }, { db: t.db });
  if (started.status !== "started") throw new Error("enrolment did not start");
  const secret = started.enrolment.secret;
  const confirmed = await confirmTotpEnrolment({ userId: user.id, code: codeAt(secret, T0) }, { now: T0, db: t.db });
  if (confirmed.status !== "enabled") throw new Error("enrolment not confirmed");

  return { user, secret, recoveryCodes: confirmed.recoveryCodes };
}

describe("enrolment", () => {
  it("stores the secret sealed, gives a QR code, and enables only after a valid code", async () => {
    const user = await createTestUser(t.db);
    const started = await startTotpEnrolment({ userId: user.id }, { db: t.db });
    expect(started.status).toBe("started");
    if (started.status !== "started") return;
    const { secret, otpauthUri, qrDataUrl } = started.enrolment;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain("issuer=Rackfront");
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const row = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.totpSecret).not.toContain(secret);
    expect(openSecret(row.totpSecret!, "totp")).toBe(secret);
    expect(row.totpEnabledAt).toBeNull();
    // Not enabled yet: the password alone still signs in.
    expect((await passwordStep(user)).status).toBe("ok");

    expect(await confirmTotpEnrolment({ userId: user.id, code: "000000" === codeAt(secret, T0) ? "111111" : "000000" }, { now: T0, db: t.db })).toEqual({
      status: "invalid",
    });
    const confirmed = await confirmTotpEnrolment({ userId: user.id, code: codeAt(secret, T0) }, { now: T0, db: t.db });
    expect(confirmed.status).toBe("enabled");
    if (confirmed.status !== "enabled") return;
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    for (const c of confirmed.recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const stored = await t.db.recoveryCode.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(10);
    for (const r of stored) expect(confirmed.recoveryCodes.join()).not.toContain(r.codeHash);

    const pw = await passwordStep(user);
    expect(pw).toMatchObject({ status: "ok", user: { hasTotp: true } });
    expect(await getSecuritySettings({ userId: user.id }, { db: t.db })).toMatchObject({ totpEnabledAt: T0, recoveryCodesLeft: 10 });
    expect((await startTotpEnrolment({ userId: user.id }, { db: t.db })).status).toBe("already_enabled");
  });

  it("replaces an unconfirmed secret when enrolment starts again", async () => {
    const user = await createTestUser(t.db);
    const first = await startTotpEnrolment({ userId: user.id }, { db: t.db });
    const second = await startTotpEnrolment({ userId: user.id }, { db: t.db });
    if (first.status !== "started" || second.status !== "started") throw new Error("not started");
    expect((await confirmTotpEnrolment({ userId: user.id, code: codeAt(first.enrolment.secret, T0) }, { now: T0, db: t.db })).status).toBe("invalid");
    expect((await confirmTotpEnrolment({ userId: user.id, code: codeAt(second.enrolment.secret, T0) }, { now: T0, db: t.db })).status).toBe("enabled");
  });

  it("refuses to confirm when nothing was started", async () => {
    const user = await createTestUser(t.db);
    expect(await confirmTotpEnrolment({ userId: user.id, code: "123456" }, { db: t.db })).toEqual({ status: "not_started" });
  });
});

describe("verifySecondFactor", () => {
  it("accepts codes one step either side and refuses two steps away", async () => {
    const { user, secret } = await enrolledUser();
    const now = at(10);
    expect(await verifySecondFactor({ userId: user.id, code: codeAt(secret, at(8)) }, { now, db: t.db })).toEqual({ status: "invalid" });
    expect(await verifySecondFactor({ userId: user.id, code: codeAt(secret, at(9)) }, { now, db: t.db })).toEqual({ status: "ok", method: "totp" });
    expect(await verifySecondFactor({ userId: user.id, code: codeAt(secret, at(11)) }, { now, db: t.db })).toEqual({ status: "ok", method: "totp" });
  });

  it("never accepts a code twice, nor an older step after a newer one", async () => {
    const { user, secret } = await enrolledUser();
    // The code used to confirm enrolment is spent already.
    expect(await verifySecondFactor({ userId: user.id, code: codeAt(secret, T0) }, { now: T0, db: t.db })).toEqual({ status: "replayed" });

    const now = at(5);
    const code = codeAt(secret, now);
    expect((await verifySecondFactor({ userId: user.id, code }, { now, db: t.db })).status).toBe("ok");
    expect(await verifySecondFactor({ userId: user.id, code }, { now, db: t.db })).toEqual({ status: "replayed" });
    expect(await verifySecondFactor({ userId: user.id, code: codeAt(secret, at(4)) }, { now, db: t.db })).toEqual({ status: "replayed" });
  });

  it("accepts exactly one of two parallel requests with the same code", async () => {
    const { user, secret } = await enrolledUser();
    const now = at(20);
    const code = codeAt(secret, now);
    const results = await Promise.all([1, 2, 3].map(() => verifySecondFactor({ userId: user.id, code }, { now, db: t.db })));
    expect(results.filter((r) => r.status === "ok")).toHaveLength(1);
  });

  it("accepts each recovery code once, in any case and with or without the dash", async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const [first, second] = recoveryCodes;
    expect(await verifySecondFactor({ userId: user.id, code: first! }, { db: t.db })).toEqual({ status: "ok", method: "recovery", recoveryCodesLeft: 9 });
    expect(await verifySecondFactor({ userId: user.id, code: first! }, { db: t.db })).toEqual({ status: "invalid" });
    expect(await verifySecondFactor({ userId: user.id, code: ` ${second!.replace("-", "").toUpperCase()} ` }, { db: t.db })).toMatchObject({
      status: "ok",
      recoveryCodesLeft: 8,
    });
    expect(await verifySecondFactor({ userId: user.id, code: "abcde-fghjk" }, { db: t.db })).toEqual({ status: "invalid" });
    const row = await t.db.recoveryCode.findMany({ where: { userId: user.id, usedAt: { not: null } } });
    expect(row).toHaveLength(2);
  });

  it(`after ${SECOND_FACTOR_POLICY.freeFailures} wrong codes makes the next one wait, even a right one, and counts apart from the password`, async () => {
    const { user, secret } = await enrolledUser();
    const now = at(30);
    const good = codeAt(secret, now);
    const bad = good === "000000" ? "111111" : "000000";
    for (let i = 0; i < SECOND_FACTOR_POLICY.freeFailures; i++) {
      expect((await verifySecondFactor({ userId: user.id, code: bad, clientAddress: "192.0.2.20" }, { now, db: t.db })).status).toBe("invalid");
    }
    const retryAt = new Date(now.getTime() + SECOND_FACTOR_POLICY.baseDelayMs);
    expect(await verifySecondFactor({ userId: user.id, code: good, clientAddress: "192.0.2.21" }, { now, db: t.db })).toEqual({ status: "throttled", retryAt });
    // A right password does not clear the codes' count, and the password step is not held up by it.
    expect((await passwordStep(user, now)).status).toBe("ok");
    expect(await verifySecondFactor({ userId: user.id, code: good }, { now, db: t.db })).toEqual({ status: "throttled", retryAt });
    // Once the wait is over the right code works (its step is still within the ±1 window).
    expect(await verifySecondFactor({ userId: user.id, code: good }, { now: retryAt, db: t.db })).toEqual({ status: "ok", method: "totp" });
  });

  it("says not_enabled for a user without a second factor", async () => {
    const user = await createTestUser(t.db);
    expect(await verifySecondFactor({ userId: user.id, code: "123456" }, { db: t.db })).toEqual({ status: "not_enabled" });
  });
});

describe("disableTotp", () => {
  it("needs a valid code, then removes the secret and recovery codes", async () => {
    const { user, secret } = await enrolledUser();
    const now = at(40);
    const good = codeAt(secret, now);
    expect((await disableTotp({ userId: user.id, code: good === "000000" ? "111111" : "000000" }, { now, db: t.db })).status).toBe("invalid");
    expect(await disableTotp({ userId: user.id, code: good }, { now, db: t.db })).toEqual({ status: "disabled" });

    const row = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await t.db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect((await passwordStep(user)).status).toBe("ok");
  });

  it("accepts a recovery code instead of an authenticator code", async () => {
    const { user, recoveryCodes } = await enrolledUser();
    expect(await disableTotp({ userId: user.id, code: recoveryCodes[3]! }, { db: t.db })).toEqual({ status: "disabled" });
  });
});

it("matches the RFC 6238 test vector (SHA-1, T=59 s → …287082)", () => {
  // RFC 6238 appendix B: secret "12345678901234567890", 8-digit code 94287082; apps show the last 6.
  expect(totpFor("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "x").generate({ timestamp: 59_000 })).toBe("287082");
});
