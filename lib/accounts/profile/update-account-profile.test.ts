import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCredit, makeCustomer, makeUser } from "@/lib/testing/factories";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { getProfile } from "./get-profile";
import { CURRENCY_LOCKED, ONLY_THE_OWNER_EDITS, UNKNOWN_CURRENCY, updateAccountProfile } from "./update-account-profile";
import { updateUserName } from "./update-user-name";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.exchangeRate.create({ data: { baseCurrency: "EUR", quoteCurrency: "USD", rate: "1.1", effectiveAt: new Date("2020-01-01T00:00:00Z") } });
});
afterAll(async () => {
  await t?.close();
});

const ctxOf = (userId: string, accountId: string) => ({ db: t.db, now: new Date(), actor: { userId, accountId } });
const details = (id: string) => t.db.clientAccount.findUniqueOrThrow({ where: { id }, select: { name: true, company: true, country: true, currency: true, vatNumber: true } });
const CHANGES = { company: "Acme B.V.", country: "DE", currency: "USD", vatNumber: "de 123.456.789" };

async function placeOrder(accountId: string) {
  await t.db.order.create({ data: { orderNumber: `ORD-${randomBytes(5).toString("hex")}`, accountId, currency: "EUR", baseCurrency: "EUR", baseAmount: "0", amount: "0", total: "0" } });
}

describe("updateAccountProfile", () => {
  it("the owner of a fresh account changes company, country, VAT number and currency; the name follows the company", async () => {
    const { owner, account } = await makeCustomer(t.db);
    const saved = await updateAccountProfile(ctxOf(owner.id, account.id), CHANGES);
    const expected = { name: "Acme B.V.", company: "Acme B.V.", country: "DE", currency: "USD", vatNumber: "DE123456789" };
    expect(saved).toEqual(expected);
    expect(await details(account.id)).toEqual(expected);
    // Without a company the account carries the owner's name again, as at sign-up.
    expect(await updateAccountProfile(ctxOf(owner.id, account.id), { company: "", country: "DE", currency: "USD", vatNumber: "" })).toMatchObject({ name: owner.name, company: null, vatNumber: null });
  });

  it("refuses a new currency once a credit ledger row exists; the other details still change", async () => {
    const { owner, account } = await makeCustomer(t.db);
    await addCredit(t.db, account.id, "10");
    const before = await details(account.id);
    const refusal = await domainRefusal(updateAccountProfile(ctxOf(owner.id, account.id), CHANGES));
    expect([refusal.kind, refusal.details]).toEqual(["conflict", [{ field: "currency", message: CURRENCY_LOCKED }]]);
    expect(await details(account.id)).toEqual(before);
    expect(await updateAccountProfile(ctxOf(owner.id, account.id), { ...CHANGES, currency: "EUR" })).toMatchObject({ company: "Acme B.V.", currency: "EUR" });
    expect((await getProfile({ db: t.db, now: new Date(), actor: { userId: owner.id, accountId: account.id } })).account).toMatchObject({ editable: true, currencyChangeable: false, currencies: ["EUR"] });
  });

  it("refuses a new currency once an order exists", async () => {
    const { owner, account } = await makeCustomer(t.db);
    expect((await getProfile({ db: t.db, now: new Date(), actor: { userId: owner.id, accountId: account.id } })).account).toMatchObject({ currencyChangeable: true, currencies: ["EUR", "USD"] });
    await placeOrder(account.id);
    const refusal = await domainRefusal(updateAccountProfile(ctxOf(owner.id, account.id), CHANGES));
    expect([refusal.kind, refusal.message]).toEqual(["conflict", CURRENCY_LOCKED]);
    expect((await details(account.id)).currency).toBe("EUR");
  });

  it("refuses a currency the account may not be billed in", async () => {
    const { owner, account } = await makeCustomer(t.db);
    const refusal = await domainRefusal(updateAccountProfile(ctxOf(owner.id, account.id), { ...CHANGES, currency: "JPY" }));
    expect(refusal.details).toEqual([{ field: "currency", message: UNKNOWN_CURRENCY }]);
    expect((await details(account.id)).currency).toBe("EUR");
  });

  it("reports every field error together (sign-up's rules) and changes nothing", async () => {
    const { owner, account } = await makeCustomer(t.db);
    const before = await details(account.id);
    const refusal = await domainRefusal(updateAccountProfile(ctxOf(owner.id, account.id), { company: "x".repeat(161), country: "XX", currency: "euro", vatNumber: "123" }));
    expect(refusal.kind).toBe("invalid");
    expect(Object.fromEntries((refusal.details ?? []).map((d) => [d.field, d.message]))).toEqual({
      company: "Use at most 160 characters.",
      country: "Choose your country.",
      currency: "Choose a currency.",
      vatNumber: "Enter the VAT number with its country prefix, e.g. NL123456789B01.",
    });
    expect(await details(account.id)).toEqual(before);
  });

  it("refuses a team member (403) and anyone else; the member sees the details read-only", async () => {
    const { account } = await makeCustomer(t.db);
    const member = await makeUser(t.db);
    await t.db.teamMember.create({ data: { accountId: account.id, userId: member.id, permissions: ["services.view", "billing.view"] } });
    const before = await details(account.id);
    const refusal = await domainRefusal(updateAccountProfile(ctxOf(member.id, account.id), CHANGES));
    expect([refusal.kind, refusal.message]).toEqual(["forbidden", ONLY_THE_OWNER_EDITS]);
    const stranger = await makeUser(t.db);
    expect((await domainRefusal(updateAccountProfile(ctxOf(stranger.id, account.id), CHANGES))).kind).toBe("forbidden");
    expect(await details(account.id)).toEqual(before);

    const profile = await getProfile({ db: t.db, now: new Date(), actor: { userId: member.id, accountId: account.id } });
    expect(profile.account).toMatchObject({ ...before, owner: false, editable: false, currencyChangeable: false });
    expect((await getProfile({ db: t.db, now: new Date(), actor: { userId: stranger.id, accountId: account.id } })).account).toBeNull();
  });

  it("refuses changes to a suspended account", async () => {
    const { owner, account } = await makeCustomer(t.db);
    await t.db.clientAccount.update({ where: { id: account.id }, data: { status: "suspended" } });
    expect((await domainRefusal(updateAccountProfile(ctxOf(owner.id, account.id), { ...CHANGES, currency: "EUR" }))).kind).toBe("forbidden");
    expect((await details(account.id)).company).toBeNull();
  });
});

describe("updateUserName", () => {
  it("renames the user and the accounts they own without a company; refuses an empty name", async () => {
    const { owner, account } = await makeCustomer(t.db);
    const other = await makeCustomer(t.db);
    await updateAccountProfile(ctxOf(other.owner.id, other.account.id), { company: "Other Ltd", country: "GB", currency: "EUR", vatNumber: "" });
    await t.db.clientAccount.update({ where: { id: other.account.id }, data: { ownerId: owner.id } });

    expect(await updateUserName({ db: t.db, now: new Date(), actor: { userId: owner.id } }, { name: "  Ada Lovelace " })).toEqual({ name: "Ada Lovelace" });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).name).toBe("Ada Lovelace");
    expect((await details(account.id)).name).toBe("Ada Lovelace");
    expect((await details(other.account.id)).name).toBe("Other Ltd");

    const refusal = await domainRefusal(updateUserName({ db: t.db, now: new Date(), actor: { userId: owner.id } }, { name: "   " }));
    expect(refusal.details).toEqual([{ field: "name", message: "Enter your name." }]);
  });
});
