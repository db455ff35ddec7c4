import { afterAll, beforeAll, expect, it } from "vitest";
import { newSessionClaims, recordSignOut, SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-token";
import { THROTTLE_RETENTION_MS } from "@/lib/auth/sign-in-throttle";
import { createTestUser } from "@/lib/auth/test-factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { inngest } from "../client";
import { EmbeddedRunner } from "../embedded/embedded-runner";
import { manualClock, recordingLogger } from "../embedded/test-support";
import { functions } from "../functions";
import { pruneSignedOutSessions } from "./prune-signed-out-sessions";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

it("is registered, runs daily at 03:41 and deletes only sign-out records and listed sessions past the session lifetime, and forgotten sign-in throttles", async () => {
  expect(functions).toContain(pruneSignedOutSessions);
  const user = await createTestUser(t.db);
  const now = new Date("2026-03-20T03:41:02.000Z");
  const maxAge = SESSION_MAX_AGE_SECONDS * 1000;
  const old = newSessionClaims(user);
  const recent = newSessionClaims(user);
  await recordSignOut(old, { now: new Date(now.getTime() - maxAge - 60_000), db: t.db });
  await recordSignOut(recent, { now: new Date(now.getTime() - maxAge + 60_000), db: t.db });

  await t.db.signInThrottle.createMany({
    data: [
      { key: "address:192.0.2.1", failures: 12, lastFailureAt: new Date(now.getTime() - THROTTLE_RETENTION_MS - 60_000) },
      { key: "address:192.0.2.2", failures: 12, lastFailureAt: new Date(now.getTime() - 60_000) },
    ],
  });

  await t.db.userSession.createMany({
    data: [
      { id: old.sid, userId: user.id, sessionVersion: 1, lastSeenAt: new Date(now.getTime() - maxAge - 60_000) },
      { id: recent.sid, userId: user.id, sessionVersion: 1, lastSeenAt: new Date(now.getTime() - 60_000) },
    ],
  });

  const clock = manualClock("2026-03-20T03:40:30.000Z");
  const runner = new EmbeddedRunner({ db: t.db, functions: [pruneSignedOutSessions], client: inngest, clock: clock.now, logger: recordingLogger() });
  await runner.tick();
  expect(await t.db.jobRun.count({ where: { functionId: "rackfront-prune-signed-out-sessions" } })).toBe(0);

  clock.set(now);
  await runner.tick();
  const run = await t.db.jobRun.findFirstOrThrow({ where: { functionId: "rackfront-prune-signed-out-sessions" } });
  expect(run).toMatchObject({ status: "completed", output: { deleted: 1, throttles: 1, sessions: 1 } });
  expect((await t.db.signInThrottle.findMany()).map((r) => r.key)).toEqual(["address:192.0.2.2"]);
  expect((await t.db.signedOutSession.findMany()).map((s) => s.id)).toEqual([recent.sid]);
  expect((await t.db.userSession.findMany()).map((s) => s.id)).toEqual([recent.sid]);
});
