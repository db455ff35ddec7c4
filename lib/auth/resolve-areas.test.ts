import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { AREA_HOME, areaOfPath, canEnter, enterableAreas, homeAreaOf, postSignInPath, resolveAreas, type Areas } from "./resolve-areas";
import { createTestAccount, createTestResellerProfile, createTestUser } from "./test-factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const home = (a: Areas) => AREA_HOME[homeAreaOf(a)];

describe("resolveAreas", () => {
  it("a customer owns an account and may enter only the panel", async () => {
    const user = await createTestUser(t.db);
    const account = await createTestAccount(t.db, user.id, { name: "Acme" });
    const areas = await resolveAreas({ userId: user.id }, { db: t.db });
    expect(areas).toEqual({
      isOperator: false,
      customer: { accountId: account.id, accountName: "Acme", role: "owner", permissions: "all", accountStatus: "active" },
      reseller: null,
    });
    expect(home(areas)).toBe("/");
    expect([canEnter(areas, "customer"), canEnter(areas, "reseller"), canEnter(areas, "admin")]).toEqual([true, false, false]);
  });

  it("an active reseller profile opens the reseller portal and makes it home", async () => {
    const user = await createTestUser(t.db);
    const account = await createTestAccount(t.db, user.id);
    const profile = await createTestResellerProfile(t.db, account.id, "active");
    const areas = await resolveAreas({ userId: user.id }, { db: t.db });
    expect(areas.reseller).toEqual({ accountId: account.id, accountName: account.name, profileId: profile.id });
    expect(home(areas)).toBe("/reseller");
    expect(enterableAreas(areas)).toEqual(["reseller", "customer"]);
  });

  it.each(["pending", "suspended", "closed"] as const)("a %s reseller profile does not open the reseller portal", async (status) => {
    const user = await createTestUser(t.db);
    const account = await createTestAccount(t.db, user.id);
    await createTestResellerProfile(t.db, account.id, status);
    const areas = await resolveAreas({ userId: user.id }, { db: t.db });
    expect(areas.reseller).toBeNull();
    expect(canEnter(areas, "reseller")).toBe(false);
    expect(home(areas)).toBe("/");
  });

  it("a team member of a reseller's account gets the panel with their permissions and the reseller portal", async () => {
    const owner = await createTestUser(t.db);
    const account = await createTestAccount(t.db, owner.id);
    await createTestResellerProfile(t.db, account.id, "active");
    const member = await createTestUser(t.db);
    await t.db.teamMember.create({ data: { accountId: account.id, userId: member.id, permissions: ["services.view"] } });
    const areas = await resolveAreas({ userId: member.id }, { db: t.db });
    expect(areas.customer).toMatchObject({ accountId: account.id, role: "member", permissions: ["services.view"] });
    expect(areas.reseller?.accountId).toBe(account.id);
    expect(canEnter(areas, "admin")).toBe(false);
  });

  it("an operator's home is the console; closed accounts are ignored", async () => {
    const user = await createTestUser(t.db, { isOperator: true });
    await createTestAccount(t.db, user.id, { status: "closed" });
    const areas = await resolveAreas({ userId: user.id }, { db: t.db });
    expect(areas).toEqual({ isOperator: true, customer: null, reseller: null });
    expect(home(areas)).toBe("/admin");
    expect(canEnter(areas, "customer")).toBe(false);
    expect(enterableAreas(areas)).toEqual(["admin"]);
  });

  it("a user with no account still lands on the panel (which explains what to do)", async () => {
    const user = await createTestUser(t.db);
    const areas = await resolveAreas({ userId: user.id }, { db: t.db });
    expect(canEnter(areas, "customer")).toBe(true);
    expect(home(areas)).toBe("/");
  });
});

describe("paths", () => {
  const customer: Areas = { isOperator: false, customer: { accountId: "a", accountName: "A", role: "owner", permissions: "all", accountStatus: "active" }, reseller: null };
  const operator: Areas = { isOperator: true, customer: null, reseller: null };

  it("maps paths to areas", () => {
    expect(areaOfPath("/admin")).toBe("admin");
    expect(areaOfPath("/admin/products")).toBe("admin");
    expect(areaOfPath("/administrator")).toBe("customer");
    expect(areaOfPath("/reseller/keys")).toBe("reseller");
    expect(areaOfPath("/account/security")).toBeNull();
    expect(areaOfPath("/invitation")).toBeNull();
    expect(areaOfPath("/services/1")).toBe("customer");
  });

  it("follows a callback only to a same-site path the user may open", () => {
    expect(postSignInPath("/services?x=1", customer)).toBe("/services?x=1");
    expect(postSignInPath("/account/security", operator)).toBe("/account/security");
    expect(postSignInPath("/invitation?token=abc", operator)).toBe("/invitation?token=abc");
    expect(postSignInPath("/admin", customer)).toBe("/");
    expect(postSignInPath("/reseller", customer)).toBe("/");
    expect(postSignInPath("/", operator)).toBe("/admin");
    expect(postSignInPath(null, operator)).toBe("/admin");
    for (const evil of ["https://evil.test/", "//evil.test/x", "/\\evil.test", "javascript:alert(1)", "/login?callbackUrl=/admin", "/api/auth/signout"]) {
      expect(postSignInPath(evil, customer)).toBe("/");
    }
  });
});
