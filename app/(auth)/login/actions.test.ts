import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { markClientIpHeaderTrusted, TRUSTED_CLIENT_IP_HEADER } from "@/lib/api/client-ip";
import { accountKey } from "@/lib/auth/sign-in-throttle";
import { createTestUser } from "@/lib/auth/test-factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";

// The sign-in form's action (docs/decisions.md#r15): the refusal the form shows above its fields.

let clientAddress = "203.0.113.5";
vi.mock("next/headers", () => ({ headers: async () => new Headers({ [TRUSTED_CLIENT_IP_HEADER]: clientAddress }), cookies: async () => new Map() }));
// Signing in for real (Auth.js, redirects) is not this test's business: record who would be.
const finishSignIn = vi.fn(async (_user: { id: string }) => undefined);
vi.mock("@/lib/auth/sign-in-flow", () => ({ finishSignIn, startSecondFactorStep: finishSignIn }));

const { signInAction } = await import("./actions");

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  markClientIpHeaderTrusted(true);
});
afterAll(async () => {
  markClientIpHeaderTrusted(false);
  await t.close();
});

function form(email: string, password: string): FormData {
  const data = new FormData();
  data.set("email", email);
  data.set("password", password);
  return data;
}

describe("signInAction", () => {
  it("says when to try again once the email has had its free failures, for a known and an unknown email alike", async () => {
    const user = await createTestUser(t.db);
    for (const email of [user.email, "nobody-here@rackfront.test"]) {
      for (let i = 0; i < 5; i++) {
        clientAddress = `203.0.113.${i + 10}`;
        expect(await signInAction(null, form(email, "wrong"))).toMatchObject({ ok: false, error: "Wrong email or password.", values: { email } });
      }
      clientAddress = "203.0.113.99";
      expect(await signInAction(null, form(email, "wrong"))).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/),
        values: { email },
      });
    }
  });

  it("refuses an address that used up its failures without checking the password, even the right one", async () => {
    const user = await createTestUser(t.db);
    clientAddress = "198.51.100.77";
    for (let i = 0; i < 10; i++) await signInAction(null, form(`flood-${i}@rackfront.test`, "guess"));
    const refused = await signInAction(null, form(user.email, user.password));
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in (1 minute|\d+ seconds)\.$/) });
    // Refused before anything was reserved or checked: the email has no throttle row at all.
    expect(await t.db.signInThrottle.findUnique({ where: { key: accountKey(user.email).key } })).toBeNull();
    expect(finishSignIn).not.toHaveBeenCalled();
    // The owner, from another address, gets in.
    clientAddress = "198.51.100.78";
    expect(await signInAction(null, form(user.email, user.password))).toMatchObject({ ok: true });
    expect(finishSignIn).toHaveBeenCalledWith(expect.objectContaining({ id: user.id }), { totp: false }, null, expect.anything());
  });
});
