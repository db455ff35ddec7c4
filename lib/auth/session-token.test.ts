import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { deleteExpiredSignOuts, newSessionClaims, recordSignOut, refreshSessionToken, revokeAllSessions, SESSION_MAX_AGE_SECONDS } from "./session-token";
import { mintLoginTicket, mintMfaPending, readMfaPending, redeemLoginTicket } from "./login-ticket";
import { readToken, signToken } from "./signed-token";
import { createTestUser } from "./test-factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

describe("session JWT re-check", () => {
  it("keeps a token whose sessionVersion matches, refreshing name and email", async () => {
    const user = await createTestUser(t.db, { name: "Ada" });
    const token = { ...newSessionClaims(user), name: "old", email: "old@x.test" };
    expect(await refreshSessionToken(token, { db: t.db })).toEqual({ ...token, name: "Ada", email: user.email });
  });

  it("gives every sign-in its own session id", async () => {
    const user = await createTestUser(t.db);
    const a = newSessionClaims(user);
    const b = newSessionClaims(user);
    expect(a.sid).not.toBe(b.sid);
    expect(a).toMatchObject({ uid: user.id, sv: user.sessionVersion });
  });

  it("ends every session when sessionVersion is bumped", async () => {
    const user = await createTestUser(t.db);
    const a = newSessionClaims(user);
    const b = newSessionClaims(user);
    await revokeAllSessions({ userId: user.id }, { db: t.db });
    expect(await refreshSessionToken(a, { db: t.db })).toBeNull();
    expect(await refreshSessionToken(b, { db: t.db })).toBeNull();
    // A token signed after the bump works.
    expect(await refreshSessionToken(newSessionClaims({ id: user.id, sessionVersion: user.sessionVersion + 1 }), { db: t.db })).not.toBeNull();
  });

  it("ends one signed-out session for good, every copy of its cookie, and leaves the user's other sessions alone", async () => {
    const user = await createTestUser(t.db);
    const signedOut = newSessionClaims(user);
    const other = newSessionClaims(user);
    await recordSignOut(signedOut, { db: t.db });
    await recordSignOut(signedOut, { db: t.db }); // a second sign-out of the same session (two tabs) is harmless
    // A copy re-issued by a request that was in flight carries the same sid and a later expiry.
    expect(await refreshSessionToken({ ...signedOut, exp: Math.floor(Date.now() / 1000) + 3600 }, { db: t.db })).toBeNull();
    expect(await refreshSessionToken(other, { db: t.db })).not.toBeNull();
    expect(await t.db.signedOutSession.count({ where: { userId: user.id } })).toBe(1);
  });

  it("forgets sign-outs once the longest-lived copy of the cookie has expired", async () => {
    const user = await createTestUser(t.db);
    const now = new Date("2020-05-01T00:00:00Z"); // before every other record in this database
    const claims = newSessionClaims(user);
    await recordSignOut(claims, { now, db: t.db });
    const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
    expect(await deleteExpiredSignOuts(t.db, new Date(expiresAt.getTime() - 1))).toBe(0);
    expect(await deleteExpiredSignOuts(t.db, new Date(expiresAt.getTime() + 1))).toBe(1);
  });

  it("ends the session of a deleted user and of malformed tokens", async () => {
    const user = await createTestUser(t.db);
    const claims = newSessionClaims(user);
    await t.db.user.delete({ where: { id: user.id } });
    expect(await refreshSessionToken(claims, { db: t.db })).toBeNull();
    expect(await refreshSessionToken({ sub: "x" } as never, { db: t.db })).toBeNull();
    expect(await refreshSessionToken({ ...claims, sv: "1" }, { db: t.db })).toBeNull();
    // Tokens issued before session ids existed, or with a forged one, are refused.
    const live = await createTestUser(t.db);
    expect(await refreshSessionToken({ uid: live.id, sv: live.sessionVersion }, { db: t.db })).toBeNull();
    expect(await refreshSessionToken({ uid: live.id, sv: live.sessionVersion, sid: "not-a-uuid" }, { db: t.db })).toBeNull();
  });
});

describe("login tickets", () => {
  it("redeem to the user and record the sign-in time", async () => {
    const user = await createTestUser(t.db);
    const now = new Date();
    expect(await redeemLoginTicket(mintLoginTicket(user, { totp: false }), { now, db: t.db })).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      sessionVersion: 1,
    });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt).toEqual(now);
  });

  it("are refused when forged, expired, revoked, or missing the second factor", async () => {
    const user = await createTestUser(t.db);
    const ticket = mintLoginTicket(user, { totp: false });
    const [body] = ticket.split(".");
    expect(await redeemLoginTicket(`${body}.AAAA`, { db: t.db })).toBeNull();
    expect(await redeemLoginTicket(ticket.replace(/^./, (c) => (c === "e" ? "f" : "e")), { db: t.db })).toBeNull();
    expect(await redeemLoginTicket(mintLoginTicket(user, { totp: false }, new Date(Date.now() - 61_000)), { db: t.db })).toBeNull();
    expect(await redeemLoginTicket(undefined, { db: t.db })).toBeNull();
    // A pending-MFA token is not a login ticket.
    expect(await redeemLoginTicket(mintMfaPending(user), { db: t.db })).toBeNull();

    await t.db.user.update({ where: { id: user.id }, data: { totpEnabledAt: new Date(), totpSecret: "x" } });
    expect(await redeemLoginTicket(mintLoginTicket(user, { totp: false }), { db: t.db })).toBeNull();
    expect(await redeemLoginTicket(mintLoginTicket(user, { totp: true }), { db: t.db })).not.toBeNull();

    await revokeAllSessions({ userId: user.id }, { db: t.db });
    expect(await redeemLoginTicket(mintLoginTicket(user, { totp: true }), { db: t.db })).toBeNull();
  });

  it("pending second-factor tokens expire after ten minutes", () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const token = mintMfaPending({ id: "u1", sessionVersion: 3 }, now);
    expect(readMfaPending(token, new Date(now.getTime() + 9 * 60_000))).toEqual({ id: "u1", sessionVersion: 3 });
    expect(readMfaPending(token, new Date(now.getTime() + 10 * 60_000))).toBeNull();
  });

  it("signed tokens are bound to their purpose", () => {
    const token = signToken("mfa-pending", { a: 1 }, 60);
    expect(readToken("mfa-pending", token)).toMatchObject({ a: 1 });
    expect(readToken("login-ticket", token)).toBeNull();
  });
});
