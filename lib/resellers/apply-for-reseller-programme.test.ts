import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeResellerStatus } from "@/lib/resellers/admin/change-reseller-status";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { applyForResellerProgramme, getResellerStanding } from "./apply-for-reseller-programme";
import { domainRefusal } from "@/lib/testing/domain-refusal";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const good = { website: "https://hosting.example", monthlyVolume: "11-50", message: "We host shops for small retailers in Flanders." };
const ctx = (accountId: string, userId: string) => ({ db: t.db, now: new Date("2031-04-01T10:00:00Z"), actor: { userId, accountId } });
const refusal = domainRefusal;

describe("applyForResellerProgramme", () => {
  it("makes one pending profile with what was written and a sealed secret; the operator approves it", async () => {
    const { account, owner } = await makeCustomer(t.db);
    expect(await getResellerStanding(ctx(account.id, owner.id))).toBeNull();
    const { resellerId } = await applyForResellerProgramme(ctx(account.id, owner.id), { ...good, website: "  https://hosting.example  " });
    const profile = await t.db.resellerProfile.findUniqueOrThrow({ where: { id: resellerId } });
    expect(profile).toMatchObject({ accountId: account.id, status: "pending", approvedAt: null, application: good });
    expect(profile.signingSecret).not.toMatch(/^[0-9a-f]{64}$/);
    expect(await getResellerStanding(ctx(account.id, owner.id))).toMatchObject({ status: "pending", application: good });

    const again = await refusal(applyForResellerProgramme(ctx(account.id, owner.id), good));
    expect([again.kind, again.message]).toEqual(["conflict", "This account has already applied: the application is waiting for approval."]);

    await changeResellerStatus({ db: t.db, now: new Date(), actor: { userId: owner.id } }, { resellerId, action: "approve" });
    expect((await getResellerStanding(ctx(account.id, owner.id)))?.status).toBe("active");
  });

  it("refuses every bad field at once, members, and suspended accounts; two submits at once make one profile", async () => {
    const { account, owner } = await makeCustomer(t.db);
    const bad = await refusal(applyForResellerProgramme(ctx(account.id, owner.id), { website: "hosting", monthlyVolume: "lots", message: "Hi" }));
    expect(Object.fromEntries((bad.details ?? []).map((d) => [d.field, d.message]))).toEqual({
      website: "Enter the address of your website, starting with https://.",
      monthlyVolume: "Choose how many services you expect to sell.",
      message: "Tell us in a sentence or two who your customers are (20 characters at least).",
    });
    // No website is fine.
    const member = await makeUser(t.db);
    await t.db.teamMember.create({ data: { accountId: account.id, userId: member.id, permissions: ["services.manage"] } });
    expect((await refusal(applyForResellerProgramme(ctx(account.id, member.id), { ...good, website: "" }))).kind).toBe("forbidden");

    const results = await Promise.allSettled([applyForResellerProgramme(ctx(account.id, owner.id), { ...good, website: "" }), applyForResellerProgramme(ctx(account.id, owner.id), good)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await t.db.resellerProfile.count({ where: { accountId: account.id } })).toBe(1);

    const suspended = await makeCustomer(t.db);
    await t.db.clientAccount.update({ where: { id: suspended.account.id }, data: { status: "suspended" } });
    expect((await refusal(applyForResellerProgramme(ctx(suspended.account.id, suspended.owner.id), good))).kind).toBe("forbidden");
  });
});
