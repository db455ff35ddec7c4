import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_EXPIRED, LINK_USED, findUsableEmailTokenOrThrow } from "@/lib/auth/email-tokens/consume-email-token";
import { EMAIL_TOKEN_TTL_MS } from "@/lib/auth/email-tokens/issue-email-token";
import { resolveAreas } from "@/lib/auth/resolve-areas";
import { mintCustomerKey } from "@/lib/api/testing/api-test-kit";
import { openSecret } from "@/lib/crypto/secret-box";
import { EMAIL_BODY_PURPOSE } from "@/lib/mail/queue-email";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { acceptInvitation } from "./accept-invitation";
import { HAS_AN_ACCOUNT, joinTeamAsNewUser } from "./join-team-as-new-user";
import { verifyPassword } from "@/lib/auth/password";
import { ACCOUNT_CLOSED, alreadyOnTeam, oneAccountOnly, wrongAddress } from "./assert-may-join-team";
import { describeInvitation } from "./describe-invitation";
import { inviteTeamMember, MAX_PENDING_INVITATIONS, TOO_MANY_PENDING } from "./invite-team-member";
import { listTeam } from "./list-team";
import { removeTeamMember } from "./remove-team-member";
import { INVITATION_GONE, revokeInvitation } from "./revoke-invitation";
import { ONLY_THE_OWNER, type TeamActor } from "./team-actor";
import { MEMBER_GONE, updateMemberPermissions } from "./update-member-permissions";

let t: TestDb;
const origin = "https://portal.example";
const ctx = (now = new Date()) => ({ db: t.db, now, origin });
const uniqueEmail = (prefix = "colleague") => `${prefix}-${Math.random().toString(36).slice(2)}@example.test`;

/** A customer and the owner's actor, as the panel resolves it. */
async function team() {
  const customer = await makeCustomer(t.db);
  const actor: TeamActor = { userId: customer.owner.id, membership: { accountId: customer.account.id, role: "owner" } };
  return { ...customer, actor };
}

/** The invitation link in the last email queued to `to`, as the invitee would open it. */
async function invitationSentTo(to: string) {
  const message = await t.db.emailMessage.findFirstOrThrow({ where: { toAddress: to }, orderBy: { createdAt: "desc" } });
  const { text } = JSON.parse(openSecret(message.sealedBody!, EMAIL_BODY_PURPOSE)) as { text: string };
  const url = text.match(/https:\/\/portal\.example\/invitation\?token=[\w-]+/)?.[0] ?? null;
  return { message, text, url, token: url ? new URL(url).searchParams.get("token")! : null };
}

/** Invites a fresh address and accepts as a fresh user with it: a member. */
async function member(owner: Awaited<ReturnType<typeof team>>, permissions: string[] = ["services.view"]) {
  const email = uniqueEmail();
  await inviteTeamMember(ctx(), owner.actor, { email, permissions });
  const user = await makeUser(t.db, { email, name: "Grace Hopper" });
  await acceptInvitation(ctx(), { token: (await invitationSentTo(email)).token!, userId: user.id });
  const row = await t.db.teamMember.findFirstOrThrow({ where: { userId: user.id } });
  return { user, row, actor: { userId: user.id, membership: { accountId: owner.account.id, role: "member" as const } } };
}

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("inviting", () => {
  it("queues the email with a working link, in the account's and inviter's words; the invitation is listed as pending", async () => {
    const owner = await team();
    const email = uniqueEmail();
    const now = new Date();
    const invited = await inviteTeamMember(ctx(now), owner.actor, { email: `  ${email.toUpperCase()} `, permissions: ["invoices.pay", "services.view", "invoices.view"] });
    expect(invited).toMatchObject({ email, permissions: ["services.view", "invoices.view", "invoices.pay"], replaced: false });

    const sent = await invitationSentTo(email);
    expect(sent.message).toMatchObject({ template: "team-invitation", accountId: owner.account.id, dedupeKey: `token:${invited.invitationId}`, status: "pending" });
    expect(sent.message.subject).toBe(`Test User invited you to ${owner.account.name}`);
    expect(sent.url).not.toBeNull();
    const token = await findUsableEmailTokenOrThrow(t.db, { purpose: "team_invitation", token: sent.token!, now });
    expect(token).toMatchObject({ email, accountId: owner.account.id, payload: { permissions: ["services.view", "invoices.view", "invoices.pay"], invitedBy: owner.owner.id } });
    expect(token.expiresAt.getTime() - now.getTime()).toBe(EMAIL_TOKEN_TTL_MS.team_invitation);

    expect(await describeInvitation(ctx(now), { token: sent.token! })).toEqual({
      email,
      accountName: owner.account.name,
      inviterName: "Test User",
      permissions: ["services.view", "invoices.view", "invoices.pay"],
      expiresAt: token.expiresAt,
      refusal: null,
    });
    const listed = await listTeam(ctx(now), owner.actor);
    expect(listed.members).toEqual([]);
    expect(listed.invitations).toEqual([{ id: invited.invitationId, email, permissions: ["services.view", "invoices.view", "invoices.pay"], sentAt: now, expiresAt: token.expiresAt }]);
  });

  it("checks the address and the permissions, with the messages under their fields", async () => {
    const owner = await team();
    const bad = await domainRefusal(inviteTeamMember(ctx(), owner.actor, { email: "not an address", permissions: [] }));
    expect(bad.details).toEqual([
      { field: "email", message: "Enter a valid email address." },
      { field: "permissions", message: "Choose at least one permission." },
    ]);
    const unknown = await domainRefusal(inviteTeamMember(ctx(), owner.actor, { email: uniqueEmail(), permissions: ["services.view", "admin"] }));
    expect(unknown.details).toEqual([{ field: "permissions", message: "“admin” is not a permission." }]);
  });

  it("refuses the owner and existing members, under the email field", async () => {
    const owner = await team();
    const { user } = await member(owner);
    for (const email of [owner.owner.email.toUpperCase(), user.email]) {
      const refusal = await domainRefusal(inviteTeamMember(ctx(), owner.actor, { email, permissions: ["services.view"] }));
      expect(refusal.details).toEqual([{ field: "email", message: `${email.toLowerCase()} is already on the team.` }]);
    }
  });

  it("re-inviting an address replaces its invitation: the old link stops working", async () => {
    const owner = await team();
    const email = uniqueEmail();
    const first = await inviteTeamMember(ctx(), owner.actor, { email, permissions: ["services.view"] });
    const oldToken = (await invitationSentTo(email)).token!;
    const second = await inviteTeamMember(ctx(new Date(Date.now() + 1000)), owner.actor, { email, permissions: ["services.manage"] });
    expect(second.replaced).toBe(true);
    expect((await domainRefusal(describeInvitation(ctx(), { token: oldToken }))).message).toBe(LINK_USED);
    expect((await listTeam(ctx(), owner.actor)).invitations.map((i) => [i.id, i.permissions])).toEqual([[second.invitationId, ["services.manage"]]]);
    expect(first.invitationId).not.toBe(second.invitationId);
  });

  it(`allows at most ${MAX_PENDING_INVITATIONS} pending invitations per account`, async () => {
    const owner = await team();
    for (let i = 0; i < MAX_PENDING_INVITATIONS; i++) await inviteTeamMember(ctx(), owner.actor, { email: uniqueEmail(), permissions: ["services.view"] });
    const refusal = await domainRefusal(inviteTeamMember(ctx(), owner.actor, { email: uniqueEmail(), permissions: ["services.view"] }));
    expect([refusal.kind, refusal.message]).toEqual(["conflict", TOO_MANY_PENDING]);
    // A revoked one makes room again.
    const [one] = (await listTeam(ctx(), owner.actor)).invitations;
    await revokeInvitation(ctx(), owner.actor, { invitationId: one!.id });
    await inviteTeamMember(ctx(), owner.actor, { email: uniqueEmail(), permissions: ["services.view"] });
  });

  it("refuses every team operation to a member, and to a member pretending to be the owner", async () => {
    const owner = await team();
    const m = await member(owner, ["services.manage", "invoices.pay"]);
    const pretending: TeamActor = { userId: m.user.id, membership: { accountId: owner.account.id, role: "owner" } };
    for (const actor of [m.actor, pretending]) {
      for (const attempt of [
        () => inviteTeamMember(ctx(), actor, { email: uniqueEmail(), permissions: ["services.view"] }),
        () => listTeam(ctx(), actor),
        () => updateMemberPermissions(ctx(), actor, { memberId: m.row.id, permissions: ["services.view"] }),
        () => removeTeamMember(ctx(), actor, { memberId: m.row.id }),
        () => revokeInvitation(ctx(), actor, { invitationId: m.row.id }),
      ]) {
        const refusal = await domainRefusal(attempt());
        expect([refusal.kind, refusal.message]).toEqual(["forbidden", ONLY_THE_OWNER]);
      }
    }
  });
});

describe("accepting", () => {
  it("makes the invited user a member with exactly the invited permissions; the panel then shows them the account", async () => {
    const owner = await team();
    const email = uniqueEmail();
    await inviteTeamMember(ctx(), owner.actor, { email, permissions: ["services.power", "invoices.view"] });
    const user = await makeUser(t.db, { email: email.toUpperCase() });
    const { token } = await invitationSentTo(email);

    expect(await acceptInvitation(ctx(), { token: token!, userId: user.id })).toEqual({
      accountId: owner.account.id,
      accountName: owner.account.name,
      permissions: ["services.power", "invoices.view"],
    });
    expect(await t.db.teamMember.findMany({ where: { accountId: owner.account.id }, select: { userId: true, permissions: true } })).toEqual([
      { userId: user.id, permissions: ["services.power", "invoices.view"] },
    ]);
    expect((await resolveAreas({ userId: user.id }, { db: t.db })).customer).toMatchObject({ accountId: owner.account.id, role: "member", permissions: ["services.power", "invoices.view"] });
    const listed = await listTeam(ctx(), owner.actor);
    expect(listed.invitations).toEqual([]);
    expect(listed.members).toMatchObject([{ userId: user.id, email: user.email, permissions: ["services.power", "invoices.view"] }]);
  });

  it("refuses a used link (LINK_USED) and an expired one", async () => {
    const owner = await team();
    const { user, row } = await member(owner);
    const usedToken = (await invitationSentTo(user.email)).token!;
    const reused = await domainRefusal(acceptInvitation(ctx(), { token: usedToken, userId: user.id }));
    expect(reused.message).toBe(LINK_USED);

    const email = uniqueEmail();
    await inviteTeamMember(ctx(), owner.actor, { email, permissions: ["services.view"] });
    const late = await makeUser(t.db, { email });
    const later = new Date(Date.now() + EMAIL_TOKEN_TTL_MS.team_invitation + 1000);
    const expired = await domainRefusal(acceptInvitation(ctx(later), { token: (await invitationSentTo(email)).token!, userId: late.id }));
    expect(expired.message).toBe(LINK_EXPIRED);
    expect(await t.db.teamMember.findMany({ where: { accountId: owner.account.id }, select: { id: true } })).toEqual([{ id: row.id }]);
  });

  it("refuses another user without spending the link: the invited user can still accept", async () => {
    const owner = await team();
    const email = uniqueEmail();
    await inviteTeamMember(ctx(), owner.actor, { email, permissions: ["invoices.view"] });
    const { token } = await invitationSentTo(email);
    const someoneElse = await makeUser(t.db);

    const refusal = await domainRefusal(acceptInvitation(ctx(), { token: token!, userId: someoneElse.id }));
    expect([refusal.kind, refusal.message]).toEqual(["forbidden", wrongAddress(email)]);
    expect(refusal.message).toBe(`This invitation was sent to ${email}. Sign in with that address to accept it.`);
    expect(await t.db.teamMember.count({ where: { userId: someoneElse.id } })).toBe(0);
    // The page says the same before anyone presses the button.
    expect((await describeInvitation(ctx(), { token: token!, userId: someoneElse.id })).refusal).toEqual({ code: "WRONG_ADDRESS", message: wrongAddress(email) });

    const invited = await makeUser(t.db, { email });
    await acceptInvitation(ctx(), { token: token!, userId: invited.id });
    expect(await t.db.teamMember.count({ where: { accountId: owner.account.id, userId: invited.id } })).toBe(1);
  });

  it("refuses someone already on this team, or in another account, nicely and without spending the link", async () => {
    const owner = await team();
    const { user } = await member(owner);
    const other = await team();

    // The owner of another account.
    await inviteTeamMember(ctx(), other.actor, { email: owner.owner.email, permissions: ["services.view"] });
    const ownerToken = (await invitationSentTo(owner.owner.email)).token!;
    const owns = await domainRefusal(acceptInvitation(ctx(), { token: ownerToken, userId: owner.owner.id }));
    expect([owns.kind, owns.message]).toEqual(["conflict", oneAccountOnly(owner.account.name)]);

    // A member of another account.
    await inviteTeamMember(ctx(), other.actor, { email: user.email, permissions: ["services.view"] });
    const memberToken = (await invitationSentTo(user.email)).token!;
    expect((await domainRefusal(acceptInvitation(ctx(), { token: memberToken, userId: user.id }))).message).toBe(oneAccountOnly(owner.account.name));

    // Added to this very team meanwhile (the seed, say) before opening the link.
    const email = uniqueEmail();
    await inviteTeamMember(ctx(), other.actor, { email, permissions: ["services.view"] });
    const late = await makeUser(t.db, { email });
    await t.db.teamMember.create({ data: { accountId: other.account.id, userId: late.id, permissions: ["services.view"] } });
    const lateToken = (await invitationSentTo(email)).token!;
    const already = await domainRefusal(acceptInvitation(ctx(), { token: lateToken, userId: late.id }));
    expect([already.kind, already.message]).toEqual(["conflict", alreadyOnTeam(other.account.name)]);

    // No link was spent, and the page tells each of them the same before they press the button.
    expect((await describeInvitation(ctx(), { token: ownerToken, userId: owner.owner.id })).refusal?.code).toBe("OTHER_ACCOUNT");
    expect((await describeInvitation(ctx(), { token: memberToken, userId: user.id })).refusal?.code).toBe("OTHER_ACCOUNT");
    expect((await describeInvitation(ctx(), { token: lateToken, userId: late.id })).refusal?.code).toBe("ALREADY_ON_TEAM");
  });

  it("refuses a link of a closed account", async () => {
    const owner = await team();
    const email = uniqueEmail();
    await inviteTeamMember(ctx(), owner.actor, { email, permissions: ["services.view"] });
    await t.db.clientAccount.update({ where: { id: owner.account.id }, data: { status: "closed" } });
    const user = await makeUser(t.db, { email });
    const { token } = await invitationSentTo(email);
    expect((await domainRefusal(acceptInvitation(ctx(), { token: token!, userId: user.id }))).message).toBe(ACCOUNT_CLOSED);
  });

  it("of two parallel accepts of one link exactly one succeeds, and there is one membership", async () => {
    const owner = await team();
    const email = uniqueEmail();
    await inviteTeamMember(ctx(), owner.actor, { email, permissions: ["services.view"] });
    const user = await makeUser(t.db, { email });
    const { token } = await invitationSentTo(email);
    const outcomes = await Promise.allSettled([acceptInvitation(ctx(), { token: token!, userId: user.id }), acceptInvitation(ctx(), { token: token!, userId: user.id })]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(String(rejected.reason.message)).toMatch(new RegExp(`${LINK_USED}|already on this team`));
    expect(await t.db.teamMember.count({ where: { accountId: owner.account.id, userId: user.id } })).toBe(1);
  });
});

describe("managing members", () => {
  it("changes a member's permissions, which the panel reads on their next request", async () => {
    const owner = await team();
    const m = await member(owner, ["services.view"]);
    expect(await updateMemberPermissions(ctx(), owner.actor, { memberId: m.row.id, permissions: ["invoices.pay", "invoices.view"] })).toEqual({
      name: "Grace Hopper",
      email: m.user.email,
      permissions: ["invoices.view", "invoices.pay"],
    });
    expect((await resolveAreas({ userId: m.user.id }, { db: t.db })).customer?.permissions).toEqual(["invoices.view", "invoices.pay"]);
    expect((await domainRefusal(updateMemberPermissions(ctx(), owner.actor, { memberId: m.row.id, permissions: [] }))).details).toEqual([
      { field: "permissions", message: "Choose at least one permission." },
    ]);
    // Another account's member is not this owner's to change.
    const other = await team();
    expect((await domainRefusal(updateMemberPermissions(ctx(), other.actor, { memberId: m.row.id, permissions: ["services.view"] }))).message).toBe(MEMBER_GONE);
  });

  it("removing a member takes the account away from them at once and revokes their keys for it", async () => {
    const owner = await team();
    const m = await member(owner, ["services.view", "services.manage"]);
    const key = await mintCustomerKey(t.db, { accountId: owner.account.id, userId: m.user.id, scopes: ["read", "services"] });
    const ownerKey = await mintCustomerKey(t.db, { accountId: owner.account.id, userId: owner.owner.id });
    expect((await resolveAreas({ userId: m.user.id }, { db: t.db })).customer?.accountId).toBe(owner.account.id);

    const now = new Date();
    expect(await removeTeamMember(ctx(now), owner.actor, { memberId: m.row.id })).toEqual({ name: "Grace Hopper", email: m.user.email, revokedKeys: 1 });
    expect((await resolveAreas({ userId: m.user.id }, { db: t.db })).customer).toBeNull();
    expect(await t.db.customerApiKey.findUniqueOrThrow({ where: { id: key.key.id }, select: { revokedAt: true } })).toEqual({ revokedAt: now });
    expect(await t.db.customerApiKey.findUniqueOrThrow({ where: { id: ownerKey.key.id }, select: { revokedAt: true } })).toEqual({ revokedAt: null });
    expect((await listTeam(ctx(), owner.actor)).members).toEqual([]);
    expect((await domainRefusal(removeTeamMember(ctx(), owner.actor, { memberId: m.row.id }))).message).toBe(MEMBER_GONE);
  });

  it("revoking an invitation stops its link; revoking it again says it is gone", async () => {
    const owner = await team();
    const email = uniqueEmail();
    const { invitationId } = await inviteTeamMember(ctx(), owner.actor, { email, permissions: ["services.view"] });
    expect(await revokeInvitation(ctx(), owner.actor, { invitationId })).toEqual({ email });
    const user = await makeUser(t.db, { email });
    expect((await domainRefusal(acceptInvitation(ctx(), { token: (await invitationSentTo(email)).token!, userId: user.id }))).message).toBe(LINK_USED);
    expect((await domainRefusal(revokeInvitation(ctx(), owner.actor, { invitationId }))).message).toBe(INVITATION_GONE);
    expect((await domainRefusal(revokeInvitation(ctx(), owner.actor, { invitationId: "nope" }))).message).toBe(INVITATION_GONE);
  });

  it("a suspended account can still remove members and revoke invitations, but not invite or grant", async () => {
    const owner = await team();
    const m = await member(owner);
    const { invitationId } = await inviteTeamMember(ctx(), owner.actor, { email: uniqueEmail(), permissions: ["services.view"] });
    await t.db.clientAccount.update({ where: { id: owner.account.id }, data: { status: "suspended" } });
    expect((await domainRefusal(inviteTeamMember(ctx(), owner.actor, { email: uniqueEmail(), permissions: ["services.view"] }))).code).toBe("ACCOUNT_SUSPENDED");
    expect((await domainRefusal(updateMemberPermissions(ctx(), owner.actor, { memberId: m.row.id, permissions: ["services.manage"] }))).code).toBe("ACCOUNT_SUSPENDED");
    await revokeInvitation(ctx(), owner.actor, { invitationId });
    await removeTeamMember(ctx(), owner.actor, { memberId: m.row.id });
  });
});

describe("joining as a new user", () => {
  it("creates the invited person's sign-in and membership with the invitation's permissions, once; no account of their own", async () => {
    const owner = await team();
    const email = uniqueEmail("newcomer");
    await inviteTeamMember(ctx(), owner.actor, { email, permissions: ["services.view", "invoices.view"] });
    const { token } = await invitationSentTo(email);
    const tries = await Promise.allSettled(Array.from({ length: 3 }, () => joinTeamAsNewUser(ctx(), { token: token!, name: "Nell Newcomer", password: "a good long password" })));
    expect(tries.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const user = await t.db.user.findUniqueOrThrow({ where: { email }, include: { ownedAccounts: true, memberships: true } });
    expect(await verifyPassword(user.passwordHash, "a good long password")).toBe(true);
    expect(user.ownedAccounts).toEqual([]);
    expect(user.memberships.map((m) => [m.accountId, m.permissions])).toEqual([[owner.account.id, ["services.view", "invoices.view"]]]);
    expect(await domainRefusal(joinTeamAsNewUser(ctx(), { token: token!, name: "Again", password: "a good long password" }))).toMatchObject({ message: LINK_USED });
  });

  it("an address that already has a sign-in is sent to sign in, and the link keeps working", async () => {
    const owner = await team();
    const existing = await makeUser(t.db, { email: uniqueEmail("known") });
    await inviteTeamMember(ctx(), owner.actor, { email: existing.email, permissions: ["services.view"] });
    const { token } = await invitationSentTo(existing.email);
    expect(await domainRefusal(joinTeamAsNewUser(ctx(), { token: token!, name: "X", password: "a good long password" }))).toMatchObject({ message: HAS_AN_ACCOUNT });
    await acceptInvitation(ctx(), { token: token!, userId: existing.id });
    expect(await t.db.teamMember.count({ where: { userId: existing.id, accountId: owner.account.id } })).toBe(1);
  });

  it("refuses a short password under its field and spends nothing", async () => {
    const owner = await team();
    const email = uniqueEmail("short");
    await inviteTeamMember(ctx(), owner.actor, { email, permissions: ["services.view"] });
    const { token } = await invitationSentTo(email);
    const refused = await domainRefusal(joinTeamAsNewUser(ctx(), { token: token!, name: "", password: "short" }));
    expect(refused.details).toEqual([
      { field: "name", message: "Enter your name." },
      { field: "password", message: "Use at least 10 characters." },
    ]);
    await findUsableEmailTokenOrThrow(t.db, { purpose: "team_invitation", token: token!, now: new Date() });
  });
});
