import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ONLY_THE_OWNER } from "@/lib/accounts/team/team-actor";
import { openSecret } from "@/lib/crypto/secret-box";
import { EMAIL_BODY_PURPOSE } from "@/lib/mail/queue-email";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";

// The team page's actions and the invitation page's accept, signed in as real users of the test
// database: the refusals reach the forms under their fields, and accepting opens the panel.

const session = vi.hoisted(() => ({ userId: "" }));
vi.mock("@/auth", () => ({ auth: async () => (session.userId ? { user: { id: session.userId, name: "", email: "" } } : null), signOut: async () => {} }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
}));

const { inviteTeamMemberAction, removeTeamMemberAction, updateMemberPermissionsAction } = await import("./actions");
const { acceptInvitationAction } = await import("@/app/(auth)/invitation/actions");

let t: TestDb;
let me: Awaited<ReturnType<typeof makeCustomer>>;

beforeAll(async () => {
  t = await createTestDb();
  me = await makeCustomer(t.db);
});
afterAll(async () => t?.close());

const form = (email: string, permissions: string[]) => {
  const data = new FormData();
  data.set("email", email);
  for (const p of permissions) data.append("permissions", p);
  return data;
};
async function tokenSentTo(email: string): Promise<string> {
  const message = await t.db.emailMessage.findFirstOrThrow({ where: { toAddress: email }, orderBy: { createdAt: "desc" } });
  const { text } = JSON.parse(openSecret(message.sealedBody!, EMAIL_BODY_PURPOSE)) as { text: string };
  return text.match(/\/invitation\?token=([\w-]+)/)![1]!;
}

describe("team actions", () => {
  it("the owner invites; the invited user accepts and lands in the panel; the owner then changes and removes them", async () => {
    session.userId = me.owner.id;
    const email = `invitee-${Date.now()}@example.test`;
    expect(await inviteTeamMemberAction(null, form(email, ["services.view", "invoices.view"]))).toEqual({ ok: true, data: undefined, message: `Invitation sent to ${email}.` });

    const invitee = await makeUser(t.db, { email });
    const token = await tokenSentTo(email);
    // Someone else signed in: refused in the invitation's words, the link still works.
    session.userId = (await makeUser(t.db)).id;
    expect(await acceptInvitationAction(token, null, new FormData())).toMatchObject({ ok: false, error: `This invitation was sent to ${email}. Sign in with that address to accept it.` });
    session.userId = invitee.id;
    await expect(acceptInvitationAction(token, null, new FormData())).rejects.toThrow("redirect /");
    const member = await t.db.teamMember.findFirstOrThrow({ where: { userId: invitee.id } });
    expect(member.permissions).toEqual(["services.view", "invoices.view"]);

    // The member may not manage the team.
    expect(await inviteTeamMemberAction(null, form("x@example.test", ["services.view"]))).toMatchObject({ ok: false, error: ONLY_THE_OWNER });
    expect(await removeTeamMemberAction(member.id)).toMatchObject({ ok: false, error: ONLY_THE_OWNER });

    session.userId = me.owner.id;
    expect(await updateMemberPermissionsAction(member.id, [])).toMatchObject({ ok: false, fieldErrors: { permissions: "Choose at least one permission." } });
    expect(await updateMemberPermissionsAction(member.id, ["invoices.pay"])).toMatchObject({ ok: true });
    expect(await removeTeamMemberAction(member.id)).toEqual({ ok: true, data: undefined, message: `Test User is no longer on the team.` });
  });

  it("refuses an invitation under its fields, and keeps what was typed", async () => {
    session.userId = me.owner.id;
    expect(await inviteTeamMemberAction(null, form(me.owner.email, []))).toEqual({
      ok: false,
      error: "Check the highlighted fields.",
      fieldErrors: { permissions: "Choose at least one permission." },
      values: { email: me.owner.email, permissions: "" },
    });
    expect(await inviteTeamMemberAction(null, form(me.owner.email, ["services.view"]))).toMatchObject({
      ok: false,
      fieldErrors: { email: `${me.owner.email} is already on the team.` },
    });
  });
});
