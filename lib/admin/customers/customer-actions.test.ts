import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshSessionToken, newSessionClaims } from "@/lib/auth/session-token";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import type { OperatorContext } from "../operator-context";
import { adjustCustomerCredit } from "./adjust-customer-credit";
import { getCustomerOverviewOrThrow } from "./get-customer-overview";
import { resetCustomerTwoFactor } from "./reset-customer-two-factor";
import { sendCustomerPasswordReset } from "./send-customer-password-reset";
import { suspendCustomerAccount } from "./suspend-customer-account";
import { unsuspendCustomerAccount } from "./unsuspend-customer-account";
import { domainRefusal } from "@/lib/testing/domain-refusal";

let t: TestDb;
let operatorId: string;
const operator = (now = new Date()): OperatorContext<TestDb["db"]> => ({ db: t.db, now, actor: { userId: operatorId, ip: "198.51.100.7" } });

beforeAll(async () => {
  t = await createTestDb();
  operatorId = (await makeUser(t.db, { isOperator: true })).id;
});
afterAll(async () => {
  await t.close();
});

async function balanceOf(accountId: string) {
  return (await t.db.clientAccount.findUniqueOrThrow({ where: { id: accountId } })).creditBalance;
}
async function ledgerSum(accountId: string) {
  const { _sum } = await t.db.creditLedgerEntry.aggregate({ where: { accountId }, _sum: { amount: true } });
  return _sum.amount ?? new Prisma.Decimal(0);
}
const refusal = domainRefusal;

describe("adjustCustomerCredit", () => {
  it("adds and removes credit: one adjustment row each with the reason, the balance equals the ledger, one audit row each", async () => {
    const { account } = await makeCustomer(t.db, { credit: "5.00" });
    const at = (s: number) => new Date(Date.parse("2030-05-01T10:00:00Z") + s * 1000);
    const added = await adjustCustomerCredit(operator(at(0)), { accountId: account.id, direction: "add", amount: "20.50", reason: "Goodwill for the outage of 3 March" });
    expect(added.balanceAfter.toFixed(2)).toBe("25.50");
    const removed = await adjustCustomerCredit(operator(at(1)), { accountId: account.id, direction: "remove", amount: "0.50", reason: "  Duplicate top-up  " });
    expect(removed.balanceAfter.toFixed(2)).toBe("25.00");

    expect((await balanceOf(account.id)).toFixed(4)).toBe((await ledgerSum(account.id)).toFixed(4));
    const rows = await t.db.creditLedgerEntry.findMany({ where: { accountId: account.id, kind: "adjustment" }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.amount.toFixed(2), r.description])).toEqual([
      ["20.50", "Goodwill for the outage of 3 March"],
      ["-0.50", "Duplicate top-up"],
    ]);

    const audit = await t.db.auditEntry.findMany({ where: { accountId: account.id }, orderBy: { createdAt: "asc" } });
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actorUserId: operatorId,
      action: "customer.credit_adjusted",
      targetType: "credit_ledger_entry",
      targetId: added.ledgerEntryId,
      ip: "198.51.100.7",
      details: { direction: "add", amount: "20.5", currency: "EUR", balanceAfter: "25.5", reason: "Goodwill for the outage of 3 March" },
    });
    expect(audit[1]!.details).toMatchObject({ direction: "remove", reason: "Duplicate top-up" });
  });

  it("refuses a removal beyond the balance with a sentence on the amount, and changes nothing", async () => {
    const { account } = await makeCustomer(t.db, { credit: "10.00" });
    const error = await refusal(adjustCustomerCredit(operator(), { accountId: account.id, direction: "remove", amount: "10.01", reason: "Too much" }));
    expect(error.details).toEqual([{ field: "amount", message: "The balance is €10.00: €10.01 cannot be removed. Nothing was changed." }]);
    expect((await balanceOf(account.id)).toFixed(2)).toBe("10.00");
    expect(await t.db.creditLedgerEntry.count({ where: { accountId: account.id } })).toBe(1);
    expect(await t.db.auditEntry.count({ where: { accountId: account.id } })).toBe(0);

    // The whole balance can go.
    const all = await adjustCustomerCredit(operator(), { accountId: account.id, direction: "remove", amount: "10", reason: "Account closed" });
    expect(all.balanceAfter.toFixed(2)).toBe("0.00");
  });

  it("parallel removals that together exceed the balance never take it below zero", async () => {
    const { account } = await makeCustomer(t.db, { credit: "10.00" });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => adjustCustomerCredit(operator(), { accountId: account.id, direction: "remove", amount: "3.00", reason: `Removal ${i}` })),
    );
    // 3 × 3.00 fit in 10.00, the other two are refused.
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results) if (r.status === "rejected") expect((r.reason as DomainError).details?.[0]?.field).toBe("amount");
    expect((await balanceOf(account.id)).toFixed(2)).toBe("1.00");
    expect((await ledgerSum(account.id)).toFixed(2)).toBe("1.00");
    expect(await t.db.creditLedgerEntry.count({ where: { accountId: account.id, kind: "adjustment" } })).toBe(3);
    expect(await t.db.auditEntry.count({ where: { accountId: account.id, action: "customer.credit_adjusted" } })).toBe(3);
  });

  it("checks every field: direction, a positive amount with the currency's places (2 at most), a reason of 1 to 200 characters", async () => {
    const { account } = await makeCustomer(t.db, { credit: "1.00" });
    const fields = async (input: { direction: string; amount: string; reason: string }, accountId = account.id) =>
      Object.fromEntries(((await refusal(adjustCustomerCredit(operator(), { accountId, ...input }))).details ?? []).map((d) => [d.field, d.message]));

    expect(await fields({ direction: "give", amount: "", reason: "" })).toEqual({
      direction: "Choose whether to add or remove credit.",
      amount: "Enter an amount.",
      reason: "Enter the reason.",
    });
    expect((await fields({ direction: "add", amount: "1.001", reason: "x".repeat(201) })).amount).toBe("At most 2 decimal places in EUR.");
    expect((await fields({ direction: "add", amount: "1", reason: "x".repeat(201) })).reason).toBe("The reason is at most 200 characters.");
    expect((await fields({ direction: "add", amount: "0.00", reason: "Zero" })).amount).toBe("Enter an amount above zero.");
    expect((await fields({ direction: "add", amount: "-5", reason: "Negative" })).amount).toBe("Enter an amount like 12.50, without a currency sign.");
    expect((await fields({ direction: "add", amount: "€5", reason: "Sign" })).amount).toBe("Enter an amount like 12.50, without a currency sign.");

    const yen = await makeCustomer(t.db, { currency: "JPY" });
    expect((await fields({ direction: "add", amount: "100.5", reason: "Yen" }, yen.account.id)).amount).toBe("Amounts in JPY are whole numbers.");
    expect((await adjustCustomerCredit(operator(), { accountId: yen.account.id, direction: "add", amount: "1500", reason: "Yen" })).balanceAfter.toFixed()).toBe("1500");

    // Exactly 200 characters is fine; nothing above was written.
    await adjustCustomerCredit(operator(), { accountId: account.id, direction: "add", amount: "2,5", reason: "y".repeat(200) });
    expect((await balanceOf(account.id)).toFixed(2)).toBe("3.50");
    expect(await t.db.auditEntry.count({ where: { accountId: account.id } })).toBe(1);
  });

  it("answers 404 for an unknown or malformed account", async () => {
    for (const accountId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect((await refusal(adjustCustomerCredit(operator(), { accountId, direction: "add", amount: "1", reason: "x" }))).kind).toBe("not_found");
    }
  });
});

describe("suspendCustomerAccount / unsuspendCustomerAccount", () => {
  it("active → suspended (reason required) → active, with an audit row each; repeats refused", async () => {
    const { account } = await makeCustomer(t.db);
    const missing = await refusal(suspendCustomerAccount(operator(), { accountId: account.id, reason: "  " }));
    expect(missing.details).toEqual([{ field: "reason", message: "Enter the reason." }]);
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } })).status).toBe("active");

    expect(await suspendCustomerAccount(operator(), { accountId: account.id, reason: "Chargeback on card payment" })).toEqual({ accountId: account.id, status: "suspended" });
    const again = await refusal(suspendCustomerAccount(operator(), { accountId: account.id, reason: "Twice" }));
    expect([again.kind, again.message]).toEqual(["conflict", "The account is already suspended."]);

    expect(await unsuspendCustomerAccount(operator(new Date(Date.now() + 1000)), { accountId: account.id, reason: "" })).toEqual({ accountId: account.id, status: "active" });
    const notSuspended = await refusal(unsuspendCustomerAccount(operator(), { accountId: account.id }));
    expect([notSuspended.kind, notSuspended.message]).toEqual(["conflict", "The account is not suspended."]);

    const audit = await t.db.auditEntry.findMany({ where: { accountId: account.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.details])).toEqual([
      ["customer.account_suspended", { from: "active", to: "suspended", reason: "Chargeback on card payment" }],
      ["customer.account_unsuspended", { from: "suspended", to: "active", reason: null }],
    ]);
  });

  it("a closed account is refused both ways and stays closed", async () => {
    const { account } = await makeCustomer(t.db);
    await t.db.clientAccount.update({ where: { id: account.id }, data: { status: "closed" } });
    expect((await refusal(suspendCustomerAccount(operator(), { accountId: account.id, reason: "x" }))).message).toBe("A closed account cannot be suspended.");
    expect((await refusal(unsuspendCustomerAccount(operator(), { accountId: account.id }))).message).toBe("A closed account cannot be unsuspended.");
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } })).status).toBe("closed");
    expect(await t.db.auditEntry.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("two operators suspending at once: one suspends, one is told it already is", async () => {
    const { account } = await makeCustomer(t.db);
    const results = await Promise.allSettled([1, 2].map((i) => suspendCustomerAccount(operator(), { accountId: account.id, reason: `Operator ${i}` })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await t.db.auditEntry.count({ where: { accountId: account.id } })).toBe(1);
  });
});

describe("resetCustomerTwoFactor", () => {
  async function withTotp(userId: string) {
    await t.db.user.update({ where: { id: userId }, data: { totpSecret: "sealed-secret", totpEnabledAt: new Date(), totpLastStep: 123n } });
    await t.db.recoveryCode.createMany({ data: Array.from({ length: 10 }, (_, i) => ({ userId, codeHash: `hash-${i}` })) });
  }

  it("clears the owner's TOTP and recovery codes and ends their sessions; audit row; a second reset refused", async () => {
    const { account, owner } = await makeCustomer(t.db);
    await withTotp(owner.id);
    const before = await t.db.user.findUniqueOrThrow({ where: { id: owner.id } });
    const session = newSessionClaims(before);
    expect(await refreshSessionToken({ ...session }, { db: t.db })).not.toBeNull();

    expect(await resetCustomerTwoFactor(operator(), { accountId: account.id })).toEqual({ userId: owner.id, email: owner.email });
    const after = await t.db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(after).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, sessionVersion: before.sessionVersion + 1 });
    expect(await t.db.recoveryCode.count({ where: { userId: owner.id } })).toBe(0);
    // The session signed in before the reset is over.
    expect(await refreshSessionToken({ ...session }, { db: t.db })).toBeNull();

    const [entry] = await t.db.auditEntry.findMany({ where: { accountId: account.id } });
    expect(entry).toMatchObject({ action: "customer.two_factor_reset", actorUserId: operatorId, targetType: "user", targetId: owner.id, details: { email: owner.email, role: "owner", recoveryCodesRemoved: 10 } });

    const again = await refusal(resetCustomerTwoFactor(operator(), { accountId: account.id }));
    expect([again.kind, again.message]).toEqual(["conflict", `${owner.email} has no two-factor authentication to reset.`]);
    expect(await t.db.auditEntry.count({ where: { accountId: account.id } })).toBe(1);
  });

  it("resets a chosen member and leaves the owner alone; a person of another account is not found", async () => {
    const { account, owner } = await makeCustomer(t.db);
    const member = await makeUser(t.db);
    await t.db.teamMember.create({ data: { accountId: account.id, userId: member.id, permissions: [] } });
    await withTotp(owner.id);
    await withTotp(member.id);
    const stranger = await makeCustomer(t.db);
    await withTotp(stranger.owner.id);

    expect((await refusal(resetCustomerTwoFactor(operator(), { accountId: account.id, userId: stranger.owner.id }))).kind).toBe("not_found");
    await resetCustomerTwoFactor(operator(), { accountId: account.id, userId: member.id });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: member.id } })).totpEnabledAt).toBeNull();
    expect((await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).totpEnabledAt).not.toBeNull();
    expect((await t.db.user.findUniqueOrThrow({ where: { id: stranger.owner.id } })).totpEnabledAt).not.toBeNull();
    expect(await t.db.recoveryCode.count({ where: { userId: owner.id } })).toBe(10);
  });
});

describe("the overview's operator activity", () => {
  it("lists this account's audit entries newest first, the latest 20, with the operator's email, and marks who has two-factor", async () => {
    const { account, owner } = await makeCustomer(t.db, { credit: "100" });
    const other = await makeCustomer(t.db, { credit: "100" });
    await adjustCustomerCredit(operator(), { accountId: other.account.id, direction: "add", amount: "1", reason: "Elsewhere" });
    const t0 = Date.parse("2031-01-01T00:00:00Z");
    for (let i = 0; i < 22; i++) await adjustCustomerCredit(operator(new Date(t0 + i * 60_000)), { accountId: account.id, direction: "add", amount: "1", reason: `Step ${i}` });
    await t.db.user.update({ where: { id: owner.id }, data: { totpEnabledAt: new Date() } });

    const o = await getCustomerOverviewOrThrow(operator(), { accountId: account.id });
    expect(o.activity).toHaveLength(20);
    expect(o.activity[0]).toMatchObject({ action: "customer.credit_adjusted", details: { reason: "Step 21" } });
    expect(o.activity[19]).toMatchObject({ details: { reason: "Step 2" } });
    const operatorEmail = (await t.db.user.findUniqueOrThrow({ where: { id: operatorId } })).email;
    expect(new Set(o.activity.map((a) => a.actorEmail))).toEqual(new Set([operatorEmail]));
    expect(o.members[0]).toMatchObject({ userId: owner.id, twoFactorEnabled: true });
  });
});

describe("sendCustomerPasswordReset", () => {
  it("queues one reset email to the owner (or the chosen member), records who sent it, and refuses a person of another account", async () => {
    const { account, owner } = await makeCustomer(t.db);
    const member = await makeUser(t.db);
    await t.db.teamMember.create({ data: { accountId: account.id, userId: member.id, permissions: [] } });
    const stranger = await makeCustomer(t.db);
    const ctx = { ...operator(), origin: "https://portal.example" };

    expect(await sendCustomerPasswordReset(ctx, { accountId: account.id })).toEqual({ email: owner.email });
    expect(await sendCustomerPasswordReset(ctx, { accountId: account.id, userId: member.id })).toEqual({ email: member.email });
    expect((await refusal(sendCustomerPasswordReset(ctx, { accountId: account.id, userId: stranger.owner.id }))).kind).toBe("not_found");
    expect((await refusal(sendCustomerPasswordReset(ctx, { accountId: "not-a-uuid" }))).kind).toBe("not_found");

    const mails = await t.db.emailMessage.findMany({ where: { template: "password-reset", toAddress: { in: [owner.email, member.email, stranger.owner.email] } } });
    expect(mails.map((m) => m.toAddress).sort()).toEqual([owner.email, member.email].sort());
    const tokens = await t.db.emailToken.findMany({ where: { purpose: "password_reset", userId: { in: [owner.id, member.id] } } });
    expect(tokens).toHaveLength(2);

    const audit = await t.db.auditEntry.findMany({ where: { accountId: account.id, action: "customer.password_reset_sent" }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.targetId, a.actorUserId])).toEqual([
      [owner.id, operatorId],
      [member.id, operatorId],
    ]);
    expect(JSON.stringify(audit.map((a) => a.details))).not.toMatch(/token=/);
  });
});
