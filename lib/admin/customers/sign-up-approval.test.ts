import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_PENDING_MESSAGE } from "@/lib/accounts/account-permissions";
import { assertAccountWritable } from "@/lib/accounts/assert-account-writable";
import { requestSignUp } from "@/lib/accounts/sign-up/request-sign-up";
import { verifySignUp } from "@/lib/accounts/sign-up/verify-sign-up";
import { openSecret } from "@/lib/crypto/secret-box";
import { EMAIL_BODY_PURPOSE } from "@/lib/mail/queue-email";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { getAttentionItems } from "../get-attention-items";
import type { OperatorContext } from "../operator-context";
import { approveCustomerAccount } from "./approve-customer-account";
import { declineCustomerAccount } from "./decline-customer-account";
import { searchCustomers } from "./search-customers";
import { suspendCustomerAccount } from "./suspend-customer-account";

let t: TestDb;
let operatorId: string;
const origin = "https://portal.example";
const operator = (now = new Date()): OperatorContext<TestDb["db"]> & { origin: string } => ({ db: t.db, now, origin, actor: { userId: operatorId, ip: "198.51.100.7" } });
let network = 0;

beforeAll(async () => {
  t = await createTestDb();
  operatorId = (await makeUser(t.db, { isOperator: true })).id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, signUpApproval: true }, update: { signUpApproval: true } });
});

/** Signs a new person up and opens their link, as the sign-up page and the verify page do. */
async function signUp(name = "Grace Hopper") {
  const email = `new-${Math.random().toString(36).slice(2)}@example.test`;
  const now = new Date();
  await requestSignUp({ db: t.db, now, origin, clientAddress: `203.0.113.${++network}` }, { name, email, password: "correct horse battery", company: "", country: "GB", currency: "EUR", vatNumber: "" });
  const message = await t.db.emailMessage.findFirstOrThrow({ where: { toAddress: email, template: "verify-email" } });
  const { text } = JSON.parse(openSecret(message.sealedBody!, EMAIL_BODY_PURPOSE)) as { text: string };
  const token = text.match(/\/verify-email\?token=([\w-]+)/)![1]!;
  return await verifySignUp({ db: t.db, now }, { token });
}

async function emailsTo(email: string, template: string) {
  const rows = await t.db.emailMessage.findMany({ where: { toAddress: email, template } });
  return rows.map((r) => (JSON.parse(openSecret(r.sealedBody!, EMAIL_BODY_PURPOSE)) as { text: string }).text);
}

describe("sign-ups that need the operator's approval", () => {
  it("a new account starts pending and read-only, with the approval sentence; with approval off it starts active", async () => {
    const pending = await signUp();
    expect(pending.pendingApproval).toBe(true);
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: pending.accountId } })).status).toBe("pending");
    const refused = await domainRefusal(assertAccountWritable(t.db, pending.accountId));
    expect([refused.kind, refused.message, refused.code]).toEqual(["forbidden", ACCOUNT_PENDING_MESSAGE, "ACCOUNT_SUSPENDED"]);

    await t.db.platformSettings.update({ where: { id: 1 }, data: { signUpApproval: false } });
    const open = await signUp();
    expect(open.pendingApproval).toBe(false);
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: open.accountId } })).status).toBe("active");
    await expect(assertAccountWritable(t.db, open.accountId)).resolves.toBeUndefined();
  });

  it("the dashboard and the customers filter list what waits, oldest first", async () => {
    const first = await signUp("First Waiting");
    const second = await signUp("Second Waiting");
    const attention = await getAttentionItems(operator());
    const ids = attention.signUpsAwaitingApproval.items.map((i) => i.id);
    expect(ids.indexOf(first.accountId)).toBeLessThan(ids.indexOf(second.accountId));
    expect(attention.signUpsAwaitingApproval.count).toBe(await t.db.clientAccount.count({ where: { status: "pending" } }));
    expect(attention.signUpsAwaitingApproval.items.find((i) => i.id === first.accountId)).toMatchObject({ accountName: "First Waiting", ownerEmail: first.email });

    const { account: active } = await makeCustomer(t.db);
    const listed = await searchCustomers(operator(), { status: "pending" });
    expect(listed.rows.every((r) => r.status === "pending")).toBe(true);
    expect(listed.rows.map((r) => r.id)).toEqual(expect.arrayContaining([first.accountId, second.accountId]));
    expect(listed.rows.map((r) => r.id)).not.toContain(active.id);
    // An unknown status is no filter at all (the page ignores what it does not know).
    expect((await searchCustomers(operator(), { status: "bogus" })).total).toBe(await t.db.clientAccount.count());
  });

  it("approving makes the account writable, writes the audit row and emails the owner once; a second approval is refused", async () => {
    const s = await signUp();
    const done = await approveCustomerAccount(operator(), { accountId: s.accountId, reason: "Checked the company register" });
    expect(done).toEqual({ accountId: s.accountId, status: "active" });
    await expect(assertAccountWritable(t.db, s.accountId)).resolves.toBeUndefined();
    expect(await t.db.auditEntry.findMany({ where: { accountId: s.accountId }, select: { action: true, actorUserId: true, details: true } })).toEqual([
      { action: "customer.account_approved", actorUserId: operatorId, details: { from: "pending", to: "active", reason: "Checked the company register" } },
    ]);
    const mails = await emailsTo(s.email, "account-approved");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`${origin}/login`);

    expect((await domainRefusal(approveCustomerAccount(operator(), { accountId: s.accountId }))).message).toBe("The account is already approved.");
    expect(await emailsTo(s.email, "account-approved")).toHaveLength(1);
  });

  it("two operators approving at once: one approval, one audit row, one email", async () => {
    const s = await signUp();
    const results = await Promise.allSettled([approveCustomerAccount(operator(), { accountId: s.accountId }), approveCustomerAccount(operator(), { accountId: s.accountId })]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await t.db.auditEntry.count({ where: { accountId: s.accountId, action: "customer.account_approved" } })).toBe(1);
    expect(await emailsTo(s.email, "account-approved")).toHaveLength(1);
  });

  it("declining needs a reason, closes the account and emails the owner the reason; a declined account cannot be approved", async () => {
    const s = await signUp();
    const blank = await domainRefusal(declineCustomerAccount(operator(), { accountId: s.accountId, reason: "  " }));
    expect(blank.details?.[0]?.field).toBe("reason");
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: s.accountId } })).status).toBe("pending");

    expect(await declineCustomerAccount(operator(), { accountId: s.accountId, reason: "We could not verify the company" })).toEqual({ accountId: s.accountId, status: "closed" });
    const mails = await emailsTo(s.email, "sign-up-declined");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("We could not verify the company");
    expect(await t.db.auditEntry.count({ where: { accountId: s.accountId, action: "customer.account_declined" } })).toBe(1);
    expect((await domainRefusal(approveCustomerAccount(operator(), { accountId: s.accountId }))).message).toBe("A closed account cannot be approved.");
  });

  it("approval and decline apply only to a pending account; suspending one waiting is refused", async () => {
    const { account } = await makeCustomer(t.db);
    expect((await domainRefusal(approveCustomerAccount(operator(), { accountId: account.id }))).message).toBe("The account is already approved.");
    expect((await domainRefusal(declineCustomerAccount(operator(), { accountId: account.id, reason: "no" }))).message).toBe("The account is active.");
    const s = await signUp();
    expect((await domainRefusal(suspendCustomerAccount(operator(), { accountId: s.accountId, reason: "spam" }))).message).toBe("The account is awaiting approval.");
    expect(await t.db.emailMessage.count({ where: { accountId: account.id } })).toBe(0);
  });
});
