import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPasswordSignIn } from "@/lib/auth/check-password-sign-in";
import { verifyPassword } from "@/lib/auth/password";
import { ACCOUNT_POLICY } from "@/lib/auth/sign-in-throttle";
import { createTestUser } from "@/lib/auth/test-factories";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { changePassword, PASSWORDS_DIFFER, WRONG_CURRENT_PASSWORD } from "./change-password";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = "a much longer new secret";
// A fresh client address per test, so one test's failures never throttle another's.
let address = 0;
const ctxOf = (userId: string, now = new Date()) => ({ db: t.db, now, actor: { userId, clientAddress: `198.51.100.${++address}` } });
const stored = (id: string) => t.db.user.findUniqueOrThrow({ where: { id }, select: { passwordHash: true, sessionVersion: true } });

describe("changePassword", () => {
  it("refuses a wrong current password under its field and changes nothing", async () => {
    const user = await createTestUser(t.db);
    const before = await stored(user.id);
    const refusal = await domainRefusal(changePassword(ctxOf(user.id), { currentPassword: "not my password", newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD }));
    expect(refusal.kind).toBe("invalid");
    expect(refusal.details).toEqual([{ field: "currentPassword", message: WRONG_CURRENT_PASSWORD }]);
    expect(await stored(user.id)).toEqual(before);
    expect(await verifyPassword(before.passwordHash, user.password)).toBe(true);
  });

  it("stores the new hash, bumps sessionVersion (other sessions end) and spends unused reset links", async () => {
    const user = await createTestUser(t.db);
    const before = await stored(user.id);
    const now = new Date();
    const link = await t.db.emailToken.create({
      data: { purpose: "password_reset", tokenHash: randomBytes(32).toString("hex"), email: user.email, userId: user.id, expiresAt: new Date(now.getTime() + 3_600_000) },
    });

    const changed = await changePassword(ctxOf(user.id, now), { currentPassword: user.password, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD });

    const after = await stored(user.id);
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(changed).toEqual({ id: user.id, sessionVersion: after.sessionVersion, hasTotp: false });
    expect(await verifyPassword(after.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(after.passwordHash, user.password)).toBe(false);
    expect((await t.db.emailToken.findUniqueOrThrow({ where: { id: link.id } })).usedAt).toEqual(now);
    // The old password no longer signs in; the new one does.
    const signIn = (password: string) => checkPasswordSignIn({ db: t.db, now: new Date() }, { email: user.email, password, clientAddress: `203.0.113.${++address}` });
    expect((await signIn(user.password)).status).toBe("invalid");
    expect((await signIn(NEW_PASSWORD)).status).toBe("ok");
  });

  it("reports every field error together and checks nothing else", async () => {
    const user = await createTestUser(t.db);
    const before = await stored(user.id);
    const refusal = await domainRefusal(changePassword(ctxOf(user.id), { currentPassword: "", newPassword: "short", confirm: "shorter" }));
    expect(refusal.kind).toBe("invalid");
    expect(Object.fromEntries((refusal.details ?? []).map((d) => [d.field, d.message]))).toEqual({
      currentPassword: "Enter your current password.",
      newPassword: "Use at least 10 characters.",
      confirm: PASSWORDS_DIFFER,
    });
    // A long enough password typed differently the second time: only the mismatch.
    const mismatch = await domainRefusal(changePassword(ctxOf(user.id), { currentPassword: user.password, newPassword: NEW_PASSWORD, confirm: `${NEW_PASSWORD}!` }));
    expect(mismatch.details).toEqual([{ field: "confirm", message: PASSWORDS_DIFFER }]);
    expect(await stored(user.id)).toEqual(before);
  });

  it("throttles wrong current passwords like sign-in, counted on the same key as sign-in", async () => {
    const user = await createTestUser(t.db);
    const before = await stored(user.id);
    const now = new Date();
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures; i++) {
      const wrong = await domainRefusal(changePassword(ctxOf(user.id, now), { currentPassword: `wrong ${i}`, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD }));
      expect(wrong.kind).toBe("invalid");
    }
    // Even the right password waits now, from a new address too (the account's key decides).
    const throttled = await domainRefusal(changePassword(ctxOf(user.id, now), { currentPassword: user.password, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD }));
    expect(throttled.kind).toBe("rate_limited");
    expect(throttled.message).toMatch(/^Too many failed sign-in attempts\. Try again in/);
    expect(await stored(user.id)).toEqual(before);
    // The sign-in page counts the same failures.
    expect((await checkPasswordSignIn({ db: t.db, now }, { email: user.email, password: user.password, clientAddress: `203.0.113.${++address}` })).status).toBe("throttled");
    // Once the wait is over the right password works.
    const later = new Date(now.getTime() + ACCOUNT_POLICY.baseDelayMs + 1);
    await changePassword(ctxOf(user.id, later), { currentPassword: user.password, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect((await stored(user.id)).sessionVersion).toBe(before.sessionVersion + 1);
  });
});
