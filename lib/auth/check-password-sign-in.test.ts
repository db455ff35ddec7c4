import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { checkPasswordSignIn } from "./check-password-sign-in";
import { LOCK_DURATION_MS, MAX_FAILED_ATTEMPTS, lockedMessage } from "./attempt-limit";
import { createTestUser } from "./test-factories";
import { verifyPassword } from "./password";

// The real argon2 functions, watched: an unknown email must still cost one argon2 verify.
vi.mock("./password", async (importOriginal) => {
  const real = await importOriginal<typeof import("./password")>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

describe("checkPasswordSignIn", () => {
  it("accepts the right password, case-insensitively on the email", async () => {
    const user = await createTestUser(t.db);
    const res = await checkPasswordSignIn({ email: user.email.toUpperCase(), password: user.password }, { db: t.db });
    expect(res).toMatchObject({ status: "ok", user: { id: user.id, sessionVersion: 1, hasTotp: false } });
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const user = await createTestUser(t.db);
    const wrong = await checkPasswordSignIn({ email: user.email, password: "nope" }, { db: t.db });
    const unknown = await checkPasswordSignIn({ email: "nobody@rackfront.test", password: "nope" }, { db: t.db });
    expect(wrong).toEqual({ status: "invalid" });
    expect(unknown).toEqual(wrong);
  });

  it("runs a real argon2 verify for unknown emails (no timing oracle)", async () => {
    vi.mocked(verifyPassword).mockClear();
    await checkPasswordSignIn({ email: "ghost@rackfront.test", password: "guess" }, { db: t.db });
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    const [hash, password] = vi.mocked(verifyPassword).mock.calls[0]!;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(password).toBe("guess");
  });

  it(`locks the user after ${MAX_FAILED_ATTEMPTS} failures, even for the right password, until the lock expires`, async () => {
    const user = await createTestUser(t.db);
    const now = new Date("2030-01-01T10:00:00Z");
    for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) {
      expect(await checkPasswordSignIn({ email: user.email, password: "bad" }, { now, db: t.db })).toEqual({ status: "invalid" });
    }
    const last = await checkPasswordSignIn({ email: user.email, password: "bad" }, { now, db: t.db });
    expect(last).toEqual({ status: "locked", lockedUntil: new Date(now.getTime() + LOCK_DURATION_MS) });

    const during = await checkPasswordSignIn({ email: user.email, password: user.password }, { now: new Date(now.getTime() + 60_000), db: t.db });
    expect(during.status).toBe("locked");

    const after = await checkPasswordSignIn({ email: user.email, password: user.password }, { now: new Date(now.getTime() + LOCK_DURATION_MS + 1), db: t.db });
    expect(after.status).toBe("ok");
    const row = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it("resets the failure count after a successful sign-in", async () => {
    const user = await createTestUser(t.db);
    for (let i = 0; i < MAX_FAILED_ATTEMPTS - 1; i++) await checkPasswordSignIn({ email: user.email, password: "bad" }, { db: t.db });
    expect((await checkPasswordSignIn({ email: user.email, password: user.password }, { db: t.db })).status).toBe("ok");
    expect((await checkPasswordSignIn({ email: user.email, password: "bad" }, { db: t.db })).status).toBe("invalid");
  });

  it("never runs more than the allowed number of password checks in parallel", async () => {
    const user = await createTestUser(t.db);
    const results = await Promise.all(
      Array.from({ length: MAX_FAILED_ATTEMPTS + 5 }, () => checkPasswordSignIn({ email: user.email, password: "bad" }, { db: t.db })),
    );
    expect(results.filter((r) => r.status === "invalid").length).toBeLessThanOrEqual(MAX_FAILED_ATTEMPTS - 1);
    expect(results.filter((r) => r.status === "locked").length).toBeGreaterThanOrEqual(6);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    // The counter is reserved before each check, so it bounds the checks that ran.
    expect(row.failedLoginCount).toBe(MAX_FAILED_ATTEMPTS);
    expect(row.lockedUntil).not.toBeNull();
    // Even the right password is refused now.
    expect((await checkPasswordSignIn({ email: user.email, password: user.password }, { db: t.db })).status).toBe("locked");
  });

  it("reports the lock-out in whole minutes", () => {
    const now = new Date("2030-01-01T10:00:00Z");
    expect(lockedMessage(new Date(now.getTime() + LOCK_DURATION_MS), now)).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(lockedMessage(new Date(now.getTime() + 5_000), now)).toBe("Too many failed sign-in attempts. Try again in 1 minute.");
  });
});
