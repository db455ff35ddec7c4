import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { newSessionClaims, refreshSessionToken, revokeAllSessions, SESSION_MAX_AGE_SECONDS } from "../session-token";
import { createTestUser } from "../test-factories";
import { deleteStaleUserSessions, listUserSessions, recordSessionStart, SESSION_TOUCH_INTERVAL_MS, signOutOtherSessions, signOutSession, touchSession } from "./user-sessions";
import { domainRefusal } from "@/lib/testing/domain-refusal";

let t: TestDb;
const T0 = new Date("2031-02-01T08:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

async function signIn(user: { id: string; sessionVersion: number }, ua: string, when = T0) {
  const claims = newSessionClaims(user);
  await recordSessionStart(t.db, { sid: claims.sid, userId: user.id, sessionVersion: user.sessionVersion, userAgent: ua, ip: "198.51.100.4", now: when });
  return claims;
}
const refusal = domainRefusal;

describe("the sessions list", () => {
  it("lists this session first, then the most recently active; signs one out and then every other, and their cookies stop working", async () => {
    const user = await createTestUser(t.db);
    const here = await signIn(user, "Firefox", at(0));
    const phone = await signIn(user, "Safari", at(1000));
    const laptop = await signIn(user, "Chrome", at(2000));
    const stranger = await signIn(await createTestUser(t.db), "Edge");
    const ctx = (now = at(60_000)) => ({ db: t.db, now, actor: { userId: user.id, sessionId: here.sid } });

    const listed = await listUserSessions(ctx());
    expect(listed.map((s) => [s.id, s.current])).toEqual([
      [here.sid, true],
      [laptop.sid, false],
      [phone.sid, false],
    ]);
    expect(listed[0]).toMatchObject({ userAgent: "Firefox", ip: "198.51.100.4" });

    // Not this one, not someone else's.
    expect((await refusal(signOutSession(ctx(), { sessionId: here.sid }))).kind).toBe("conflict");
    expect((await refusal(signOutSession(ctx(), { sessionId: stranger.sid }))).kind).toBe("not_found");

    await signOutSession(ctx(), { sessionId: phone.sid });
    expect(await refreshSessionToken({ ...phone }, { db: t.db })).toBeNull();
    expect((await listUserSessions(ctx())).map((s) => s.id)).toEqual([here.sid, laptop.sid]);
    expect((await refusal(signOutSession(ctx(), { sessionId: phone.sid }))).kind).toBe("not_found");

    expect(await signOutOtherSessions(ctx())).toBe(1);
    expect(await refreshSessionToken({ ...laptop }, { db: t.db })).toBeNull();
    expect(await refreshSessionToken({ ...here }, { db: t.db })).not.toBeNull();
    expect((await listUserSessions(ctx())).map((s) => s.id)).toEqual([here.sid]);
    // The other user's session is untouched.
    expect(await refreshSessionToken({ ...stranger }, { db: t.db })).not.toBeNull();
  });

  it("drops sessions ended by a version bump or unused for the session lifetime; touches at most once per interval", async () => {
    const user = await createTestUser(t.db);
    const old = await signIn(user, "Chrome");
    await revokeAllSessions({ userId: user.id }, { db: t.db });
    const fresh = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    const now = await signIn(fresh, "Firefox");
    const ctx = (when: Date) => ({ db: t.db, now: when, actor: { userId: user.id, sessionId: now.sid } });
    expect((await listUserSessions(ctx(at(1000)))).map((s) => s.id)).toEqual([now.sid]);
    expect(old.sid).not.toBe(now.sid);

    await touchSession(t.db, { sid: now.sid, userId: user.id, sessionVersion: fresh.sessionVersion, now: at(SESSION_TOUCH_INTERVAL_MS + 1000) });
    const touched = await t.db.userSession.findUniqueOrThrow({ where: { id: now.sid } });
    expect(touched.lastSeenAt).toEqual(at(SESSION_TOUCH_INTERVAL_MS + 1000));
    // Within the interval: nothing written.
    await touchSession(t.db, { sid: now.sid, userId: user.id, sessionVersion: fresh.sessionVersion, now: at(SESSION_TOUCH_INTERVAL_MS + 60_000) });
    expect((await t.db.userSession.findUniqueOrThrow({ where: { id: now.sid } })).lastSeenAt).toEqual(at(SESSION_TOUCH_INTERVAL_MS + 1000));

    const maxAge = SESSION_MAX_AGE_SECONDS * 1000;
    const later = at(SESSION_TOUCH_INTERVAL_MS + 1000 + maxAge + 1000);
    expect(await listUserSessions(ctx(later))).toEqual([]);
    expect(await deleteStaleUserSessions(t.db, later)).toBeGreaterThanOrEqual(2);
    expect(await t.db.userSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it("a session begun before sessions were recorded appears on its first use", async () => {
    const user = await createTestUser(t.db);
    const claims = newSessionClaims(user);
    await touchSession(t.db, { sid: claims.sid, userId: user.id, sessionVersion: user.sessionVersion, now: T0 });
    expect((await listUserSessions({ db: t.db, now: at(1000), actor: { userId: user.id, sessionId: claims.sid } })).map((s) => [s.id, s.current])).toEqual([[claims.sid, true]]);
  });
});
