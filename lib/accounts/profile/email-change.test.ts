import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_EXPIRED, LINK_USED } from "@/lib/auth/email-tokens/consume-email-token";
import { createTestUser } from "@/lib/auth/test-factories";
import { openSecret } from "@/lib/crypto/secret-box";
import { EMAIL_BODY_PURPOSE } from "@/lib/mail/queue-email";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { WRONG_CURRENT_PASSWORD } from "./change-password";
import { confirmEmailChange, describeEmailChange, EMAIL_TAKEN_MEANWHILE } from "./confirm-email-change";
import { EMAIL_TAKEN, requestEmailChange, SAME_EMAIL, TOO_MANY_EMAIL_CHANGES } from "./request-email-change";

let t: TestDb;
const onPostgres = !!process.env.TEST_DATABASE_URL;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

// A fresh client address per request, so one test's failures never throttle another's.
let net = 0;
const ctxOf = (userId: string, now = new Date()) => ({ db: t.db, now, origin: "https://portal.example", actor: { userId, clientAddress: `203.0.113.${++net}` } });
const freshAddress = () => `new-${randomBytes(4).toString("hex")}@example.test`;
const stored = (id: string) => t.db.user.findUniqueOrThrow({ where: { id }, select: { email: true, sessionVersion: true } });
const mailOf = (userId: string) => t.db.emailMessage.findMany({ where: { userId }, select: { template: true, toAddress: true }, orderBy: { template: "asc" } });

async function linkSentTo(to: string): Promise<string> {
  const message = await t.db.emailMessage.findFirstOrThrow({ where: { toAddress: to, template: "email-change-confirm" }, orderBy: { createdAt: "desc" } });
  const { text } = JSON.parse(openSecret(message.sealedBody!, EMAIL_BODY_PURPOSE)) as { text: string };
  return text.match(/\/confirm-email-change\?token=([\w-]+)/)![1]!;
}

/** A user who asked to move to `newEmail` (a fresh one unless given), with the link's token. */
async function requested(newEmail = freshAddress(), now = new Date()) {
  const user = await createTestUser(t.db);
  await requestEmailChange(ctxOf(user.id, now), { newEmail, currentPassword: user.password });
  return { user, newEmail, token: await linkSentTo(newEmail) };
}

describe("requestEmailChange", () => {
  it("refuses a wrong current password under its field, and issues and queues nothing", async () => {
    const user = await createTestUser(t.db);
    const refusal = await domainRefusal(requestEmailChange(ctxOf(user.id), { newEmail: freshAddress(), currentPassword: "not my password" }));
    expect(refusal.details).toEqual([{ field: "currentPassword", message: WRONG_CURRENT_PASSWORD }]);
    expect(await mailOf(user.id)).toEqual([]);
    expect(await t.db.emailToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses an address another user signs in with, whatever its case, under the field", async () => {
    const other = await createTestUser(t.db);
    const user = await createTestUser(t.db);
    const refusal = await domainRefusal(requestEmailChange(ctxOf(user.id), { newEmail: ` ${other.email.toUpperCase()} `, currentPassword: user.password }));
    expect(refusal.details).toEqual([{ field: "newEmail", message: EMAIL_TAKEN }]);
    expect(await mailOf(user.id)).toEqual([]);
    expect(await t.db.emailToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses the current address, and a fourth link to one address within the hour", async () => {
    const user = await createTestUser(t.db);
    expect((await domainRefusal(requestEmailChange(ctxOf(user.id), { newEmail: user.email, currentPassword: user.password }))).details).toEqual([{ field: "newEmail", message: SAME_EMAIL }]);
    const newEmail = freshAddress();
    for (let i = 0; i < 3; i++) await requestEmailChange(ctxOf(user.id), { newEmail, currentPassword: user.password });
    expect((await domainRefusal(requestEmailChange(ctxOf(user.id), { newEmail, currentPassword: user.password }))).details).toEqual([{ field: "newEmail", message: TOO_MANY_EMAIL_CHANGES }]);
    expect(await t.db.emailMessage.count({ where: { toAddress: newEmail } })).toBe(3);
  });

  it("queues exactly one confirmation to the new address and one notice to the old, and changes nothing yet", async () => {
    const { user, newEmail, token } = await requested();
    expect(await mailOf(user.id)).toEqual([
      { template: "email-change-confirm", toAddress: newEmail },
      { template: "email-change-notice", toAddress: user.email },
    ]);
    const issued = await t.db.emailToken.findFirstOrThrow({ where: { userId: user.id, purpose: "email_change" } });
    expect(issued).toMatchObject({ email: newEmail, payload: { userId: user.id, newEmail }, usedAt: null });
    expect(await stored(user.id)).toEqual({ email: user.email, sessionVersion: user.sessionVersion });
    // The page shows the change and spends nothing.
    expect(await describeEmailChange({ db: t.db, now: new Date() }, { token })).toEqual({ currentEmail: user.email, newEmail });
    expect((await t.db.emailToken.findUniqueOrThrow({ where: { id: issued.id } })).usedAt).toBeNull();
  });
});

describe("confirmEmailChange", () => {
  it("changes the address once, ends every session, and refuses the link a second time", async () => {
    const { user, newEmail, token } = await requested();
    expect(await confirmEmailChange({ db: t.db, now: new Date() }, { token })).toEqual({ email: newEmail });
    expect(await stored(user.id)).toEqual({ email: newEmail, sessionVersion: user.sessionVersion + 1 });

    const again = await domainRefusal(confirmEmailChange({ db: t.db, now: new Date() }, { token }));
    expect(again.message).toBe(LINK_USED);
    expect(await stored(user.id)).toEqual({ email: newEmail, sessionVersion: user.sessionVersion + 1 });
  });

  it("refuses a link older than a day and changes nothing", async () => {
    const now = new Date("2030-05-01T08:00:00Z");
    const { user, token } = await requested(freshAddress(), now);
    const late = new Date(now.getTime() + 24 * 3_600_000 + 1);
    expect((await domainRefusal(describeEmailChange({ db: t.db, now: late }, { token }))).message).toBe(LINK_EXPIRED);
    expect((await domainRefusal(confirmEmailChange({ db: t.db, now: late }, { token }))).message).toBe(LINK_EXPIRED);
    expect(await stored(user.id)).toEqual({ email: user.email, sessionVersion: user.sessionVersion });
  });

  it("only the newest of a user's links works", async () => {
    const user = await createTestUser(t.db);
    const first = freshAddress();
    const second = freshAddress();
    await requestEmailChange(ctxOf(user.id), { newEmail: first, currentPassword: user.password });
    const older = await linkSentTo(first);
    await requestEmailChange(ctxOf(user.id), { newEmail: second, currentPassword: user.password });
    expect((await domainRefusal(confirmEmailChange({ db: t.db, now: new Date() }, { token: older }))).message).toBe(LINK_USED);
    expect(await confirmEmailChange({ db: t.db, now: new Date() }, { token: await linkSentTo(second) })).toEqual({ email: second });
  });

  it("refuses with a sentence when the address was taken after the link was sent", async () => {
    const newEmail = freshAddress();
    const first = await requested(newEmail);
    const second = await requested(newEmail);
    await confirmEmailChange({ db: t.db, now: new Date() }, { token: first.token });
    const refusal = await domainRefusal(confirmEmailChange({ db: t.db, now: new Date() }, { token: second.token }));
    expect(refusal.message).toBe(EMAIL_TAKEN_MEANWHILE);
    expect(await stored(second.user.id)).toEqual({ email: second.user.email, sessionVersion: second.user.sessionVersion });
  });

  it("two users confirming the same new address at once: exactly one wins, the other is told why", async () => {
    const newEmail = freshAddress();
    const a = await requested(newEmail);
    const b = await requested(newEmail);
    const tries = await Promise.allSettled([a, b].map((r) => confirmEmailChange({ db: t.db, now: new Date() }, { token: r.token })));
    expect(tries.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = tries.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((lost.reason as Error).message).toBe(EMAIL_TAKEN_MEANWHILE);
    expect(await t.db.user.count({ where: { email: newEmail } })).toBe(1);
  });

  // Only on PostgreSQL (TEST_DATABASE_URL): PGlite runs transactions one at a time, so nothing is ever uncommitted beside a confirmation.
  it.runIf(onPostgres)("the unique constraint decides a race the early check cannot see", async () => {
    const newEmail = freshAddress();
    const { user, token } = await requested(newEmail);
    const rival = await createTestUser(t.db);
    // The rival takes the address in a transaction that has not committed yet: invisible to the early check.
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let taken = false;
    const rivalTx = t.db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: rival.id }, data: { email: newEmail } });
      taken = true;
      await gate;
    }, { timeout: 20_000 });
    await until(async () => taken);
    expect(await t.db.user.count({ where: { email: newEmail } })).toBe(0);
    const confirming = domainRefusal(confirmEmailChange({ db: t.db, now: new Date() }, { token }));
    // The confirmation's UPDATE now waits on the rival's row in the unique index; let the rival commit.
    await until(async () => (await lockWaiters()) > 0);
    commit();
    await rivalTx;
    expect((await confirming).message).toBe(EMAIL_TAKEN_MEANWHILE);
    expect(await stored(user.id)).toEqual({ email: user.email, sessionVersion: user.sessionVersion });
    // Rolled back with the refusal: the link is not spent.
    expect(await t.db.emailToken.count({ where: { userId: user.id, purpose: "email_change", usedAt: null } })).toBe(1);
  });
});

/** Sessions of this test database waiting for a lock (another transaction's row or index entry). */
async function lockWaiters(): Promise<number> {
  const [row] = await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return row?.n ?? 0;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
