import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSecret } from "@/lib/crypto/secret-box";
import { DomainError } from "@/lib/errors/domain-error";
import { LINK_EXPIRED, LINK_USED } from "@/lib/auth/email-tokens/consume-email-token";
import { EMAIL_REQUESTS_PER_ADDRESS_HOUR, TOO_MANY_EMAIL_REQUESTS } from "@/lib/auth/email-tokens/email-request-limits";
import { verifyPassword } from "@/lib/auth/password";
import { EMAIL_BODY_PURPOSE } from "@/lib/mail/queue-email";
import { makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { requestSignUp, SIGN_UPS_CLOSED } from "./request-sign-up";
import type { TSignUpInput } from "./sign-up-schema";
import { ADDRESS_TAKEN, verifySignUp } from "./verify-sign-up";

let t: TestDb;
const origin = "https://portal.example";
let ip = 0;
/** Each test from its own network, so the per-network limit is tested on its own. */
const ctx = (now: Date, clientAddress = `203.0.113.${++ip}`) => ({ db: t.db, now, origin, clientAddress });
const form = (email: string, over: Partial<TSignUpInput> = {}): TSignUpInput => ({
  name: "Ada Lovelace",
  email,
  password: "correct horse battery",
  company: "Analytical Engines Ltd",
  country: "GB",
  currency: "EUR",
  vatNumber: "",
  ...over,
});
const uniqueEmail = () => `new-${Math.random().toString(36).slice(2)}@example.test`;

/** The link in the last email queued to `to`, as the person would open it. */
async function linkSentTo(to: string): Promise<{ template: string; token: string | null }> {
  const message = await t.db.emailMessage.findFirstOrThrow({ where: { toAddress: to }, orderBy: { createdAt: "desc" } });
  const { text } = JSON.parse(openSecret(message.sealedBody!, EMAIL_BODY_PURPOSE)) as { text: string };
  return { template: message.template, token: text.match(/\/verify-email\?token=([\w-]+)/)?.[1] ?? null };
}

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof DomainError ? e.message : e));

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("sign-up with email verification", () => {
  it("creates nothing until the link is opened; the link creates the user, an account in the chosen currency and country, and its default project, once", async () => {
    const now = new Date();
    const email = uniqueEmail();
    expect(await requestSignUp(ctx(now), form(email.toUpperCase(), { vatNumber: "nl 1234.5678.9b01" }))).toEqual({ queued: true });
    expect(await t.db.user.count({ where: { email } })).toBe(0);
    const { template, token } = await linkSentTo(email);
    expect(template).toBe("verify-email");

    const created = await verifySignUp({ db: t.db, now }, { token: token! });
    const user = await t.db.user.findUniqueOrThrow({ where: { email }, include: { ownedAccounts: { include: { projects: true } } } });
    expect(created).toEqual({ userId: user.id, email, accountId: user.ownedAccounts[0]!.id, pendingApproval: false });
    expect(await verifyPassword(user.passwordHash, "correct horse battery")).toBe(true);
    expect(user.ownedAccounts[0]).toMatchObject({ name: "Analytical Engines Ltd", company: "Analytical Engines Ltd", country: "GB", currency: "EUR", vatNumber: "NL123456789B01", status: "active" });
    expect(user.ownedAccounts[0]!.projects.map((p) => p.isDefault)).toEqual([true]);
    // The stored details (a password hash) are gone with the token's use.
    expect((await t.db.emailToken.findFirstOrThrow({ where: { email, purpose: "sign_up" } })).payload).toEqual({});

    expect(await refusal(verifySignUp({ db: t.db, now }, { token: token! }))).toBe(LINK_USED);
    expect(await t.db.user.count({ where: { email } })).toBe(1);
  });

  it("a link opened after 24 hours is refused as expired and creates nothing", async () => {
    const now = new Date("2030-03-01T10:00:00Z");
    const email = uniqueEmail();
    await requestSignUp(ctx(now), form(email));
    const { token } = await linkSentTo(email);
    expect(await refusal(verifySignUp({ db: t.db, now: new Date(now.getTime() + 24 * 3_600_000 + 1) }, { token: token! }))).toBe(LINK_EXPIRED);
    expect(await t.db.user.count({ where: { email } })).toBe(0);
  });

  it("the same link opened five times at once creates one account", async () => {
    const now = new Date();
    const email = uniqueEmail();
    await requestSignUp(ctx(now), form(email));
    const { token } = await linkSentTo(email);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => verifySignUp({ db: t.db, now }, { token: token! })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await t.db.clientAccount.count({ where: { owner: { email } } })).toBe(1);
  });

  it("an address that has an account gets the same answer, and its owner a 'you already have an account' email; nothing it sends can create an account", async () => {
    const now = new Date();
    const existing = await makeUser(t.db, { email: uniqueEmail() });
    expect(await requestSignUp(ctx(now), form(existing.email))).toEqual({ queued: true });
    const { template, token } = await linkSentTo(existing.email);
    expect([template, token]).toEqual(["sign-up-exists", null]);
    expect(await t.db.emailToken.count({ where: { email: existing.email, usedAt: null } })).toBe(0);
  });

  it("of two sign-ups of one address, the second link opened is refused", async () => {
    const now = new Date();
    const email = uniqueEmail();
    await requestSignUp(ctx(now), form(email, { name: "First" }));
    const first = (await linkSentTo(email)).token!;
    await requestSignUp(ctx(now), form(email, { name: "Second" }));
    const second = (await linkSentTo(email)).token!;
    await verifySignUp({ db: t.db, now }, { token: second });
    expect(await refusal(verifySignUp({ db: t.db, now }, { token: first }))).toBe(ADDRESS_TAKEN);
    expect((await t.db.user.findUniqueOrThrow({ where: { email } })).name).toBe("Second");
  });

  it("an address gets three links an hour; a fourth request is answered alike and sends nothing", async () => {
    const now = new Date();
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect(await requestSignUp(ctx(now), form(email))).toEqual({ queued: true });
    expect(await requestSignUp(ctx(now), form(email))).toEqual({ queued: false });
    expect(await t.db.emailMessage.count({ where: { toAddress: email } })).toBe(3);
    expect(await requestSignUp(ctx(new Date(now.getTime() + 3_600_001)), form(email))).toEqual({ queued: true });
  });

  it("one network is refused openly after its hourly share, whatever the addresses", async () => {
    const now = new Date();
    const net = "198.51.100.77";
    for (let i = 0; i < EMAIL_REQUESTS_PER_ADDRESS_HOUR; i++) await requestSignUp(ctx(now, net), form(uniqueEmail()));
    expect(await refusal(requestSignUp(ctx(now, net), form(uniqueEmail())))).toBe(TOO_MANY_EMAIL_REQUESTS);
  });

  it("refuses bad fields one by one, an unlisted currency, and everything while sign-ups are closed", async () => {
    const now = new Date();
    const bad = await requestSignUp(ctx(now), form("not-an-email", { password: "short", country: "XX", vatNumber: "12" })).catch((e: DomainError) => e);
    expect(bad).toBeInstanceOf(DomainError);
    expect(Object.fromEntries((bad as DomainError).details!.map((d) => [d.field, d.message]))).toEqual({
      email: "Enter a valid email address.",
      password: "Use at least 10 characters.",
      country: "Choose your country.",
      vatNumber: "Enter the VAT number with its country prefix, e.g. NL123456789B01.",
    });
    expect(await refusal(requestSignUp(ctx(now), form(uniqueEmail(), { currency: "XYZ" })))).toBe("Choose one of the listed currencies.");

    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, signUpOpen: false }, update: { signUpOpen: false } });
    try {
      const email = uniqueEmail();
      expect(await refusal(requestSignUp(ctx(now), form(email)))).toBe(SIGN_UPS_CLOSED);
      expect(await t.db.emailMessage.count({ where: { toAddress: email } })).toBe(0);
    } finally {
      await t.db.platformSettings.update({ where: { id: 1 }, data: { signUpOpen: true } });
    }
  });
});
