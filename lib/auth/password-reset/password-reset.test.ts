import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSecret } from "@/lib/crypto/secret-box";
import { DomainError } from "@/lib/errors/domain-error";
import { EMAIL_BODY_PURPOSE } from "@/lib/mail/queue-email";
import { makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { LINK_EXPIRED, LINK_INVALID, LINK_USED } from "../email-tokens/consume-email-token";
import { hashPassword, verifyPassword } from "../password";
import { requestPasswordReset } from "./request-password-reset";
import { resetPassword } from "./reset-password";

let t: TestDb;
let net = 0;
const ctx = (now: Date) => ({ db: t.db, now, origin: "https://portal.example", clientAddress: `192.0.2.${++net}` });
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof DomainError ? e.message : e));

async function person() {
  return makeUser(t.db, { email: `reset-${Math.random().toString(36).slice(2)}@example.test`, passwordHash: await hashPassword("the old password") });
}

async function tokenSentTo(to: string): Promise<string> {
  const message = await t.db.emailMessage.findFirstOrThrow({ where: { toAddress: to, template: "password-reset" }, orderBy: { createdAt: "desc" } });
  const { text } = JSON.parse(openSecret(message.sealedBody!, EMAIL_BODY_PURPOSE)) as { text: string };
  return text.match(/\/reset-password\?token=([\w-]+)/)![1]!;
}

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("password reset by email link", () => {
  it("an unknown address gets the same answer and no email", async () => {
    const email = `nobody-${Math.random().toString(36).slice(2)}@example.test`;
    expect(await requestPasswordReset(ctx(new Date()), { email })).toEqual({ queued: false });
    expect(await t.db.emailMessage.count({ where: { toAddress: email } })).toBe(0);
    expect(await t.db.emailToken.count({ where: { email } })).toBe(0);
  });

  it("the link sets a new password once, ends every session, and spends the user's other reset links", async () => {
    const now = new Date();
    const user = await person();
    await requestPasswordReset(ctx(now), { email: user.email.toUpperCase() });
    const older = await tokenSentTo(user.email);
    await requestPasswordReset(ctx(now), { email: user.email });
    const newer = await tokenSentTo(user.email);
    expect(newer).not.toBe(older);
    // Only the hash is stored.
    expect(await t.db.emailToken.count({ where: { tokenHash: newer } })).toBe(0);

    expect(await resetPassword({ db: t.db, now }, { token: newer, password: "a brand new password", confirm: "a brand new password" })).toEqual({ email: user.email });
    const after = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(after.passwordHash, "a brand new password")).toBe(true);
    expect(await verifyPassword(after.passwordHash, "the old password")).toBe(false);
    expect(after.sessionVersion).toBe(user.sessionVersion + 1);

    expect(await refusal(resetPassword({ db: t.db, now }, { token: newer, password: "yet another password", confirm: "yet another password" }))).toBe(LINK_USED);
    expect(await refusal(resetPassword({ db: t.db, now }, { token: older, password: "yet another password", confirm: "yet another password" }))).toBe(LINK_USED);
    expect(await verifyPassword((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash, "a brand new password")).toBe(true);
  });

  it("a link older than an hour is refused and changes nothing; a made-up one is invalid", async () => {
    const now = new Date("2030-05-01T08:00:00Z");
    const user = await person();
    await requestPasswordReset(ctx(now), { email: user.email });
    const token = await tokenSentTo(user.email);
    const late = new Date(now.getTime() + 3_600_001);
    expect(await refusal(resetPassword({ db: t.db, now: late }, { token, password: "a brand new password", confirm: "a brand new password" }))).toBe(LINK_EXPIRED);
    expect(await refusal(resetPassword({ db: t.db, now }, { token: "made-up", password: "a brand new password", confirm: "a brand new password" }))).toBe(LINK_INVALID);
    expect(await verifyPassword((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash, "the old password")).toBe(true);
  });

  it("the same link used five times at once changes the password once", async () => {
    const now = new Date();
    const user = await person();
    await requestPasswordReset(ctx(now), { email: user.email });
    const token = await tokenSentTo(user.email);
    const tries = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => resetPassword({ db: t.db, now }, { token, password: `parallel password ${i}`, confirm: `parallel password ${i}` })));
    expect(tries.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(user.sessionVersion + 1);
  });

  it("three links an hour per address; the fourth request is answered alike and sends nothing", async () => {
    const now = new Date();
    const user = await person();
    for (let i = 0; i < 3; i++) expect(await requestPasswordReset(ctx(now), { email: user.email })).toEqual({ queued: true });
    expect(await requestPasswordReset(ctx(now), { email: user.email })).toEqual({ queued: false });
    expect(await t.db.emailMessage.count({ where: { toAddress: user.email } })).toBe(3);
  });

  it("refuses a short password and two passwords that differ, under their fields", async () => {
    const bad = await resetPassword({ db: t.db, now: new Date() }, { token: "x", password: "short", confirm: "other" }).catch((e: DomainError) => e);
    expect(Object.fromEntries((bad as DomainError).details!.map((d) => [d.field, d.message]))).toEqual({ password: "Use at least 10 characters.", confirm: "The two passwords differ." });
    const differ = await resetPassword({ db: t.db, now: new Date() }, { token: "x", password: "long enough password", confirm: "another long one" }).catch((e: DomainError) => e);
    expect((differ as DomainError).details).toEqual([{ field: "confirm", message: "The two passwords differ." }]);
  });
});
