import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { makeCustomer, makeProduct, makeService, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { payInvoiceFromCredit } from "./pay-invoice-from-credit";
import { ledgerSum, makeInvoice } from "./testing/billing-factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const d = (v: string) => new Prisma.Decimal(v);
const now = new Date("2026-04-02T12:00:00Z");
const owner = (c: { account: { id: string }; owner: { id: string } }) => ({ accountId: c.account.id, userId: c.owner.id, isOwner: true });
const balanceOf = async (accountId: string) => (await t.db.clientAccount.findUniqueOrThrow({ where: { id: accountId } })).creditBalance.toFixed(2);

describe("payInvoiceFromCredit", () => {
  it("pays the whole outstanding amount: a paid credit payment, a ledger row, the invoice paid", async () => {
    const c = await makeCustomer(t.db, { credit: "50" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }], vatRate: "21" });
    const r = await payInvoiceFromCredit({ db: t.db, now, actor: owner(c) }, { id: invoice.id });
    expect(r.invoicePaid).toBe(true);
    expect(r.payment.amount.toFixed(2)).toBe("12.10");
    expect(r.newBalance.toFixed(2)).toBe("37.90");
    expect(r.remainingAmount.toFixed(2)).toBe("0.00");

    const fresh = await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id }, include: { payments: true } });
    expect(fresh).toMatchObject({ status: "paid", paidAt: now });
    expect(fresh.paidAmount.toFixed(2)).toBe("12.10");
    expect(fresh.payments).toHaveLength(1);
    expect(fresh.payments[0]).toMatchObject({ method: "credit", status: "paid", currency: "EUR", accountId: c.account.id });
    const entry = await t.db.creditLedgerEntry.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    expect(entry).toMatchObject({ kind: "payment", paymentId: r.payment.id, accountId: c.account.id, description: `Payment of invoice ${invoice.number}` });
    expect(entry.amount.toFixed(2)).toBe("-12.10");
    expect(await balanceOf(c.account.id)).toBe("37.90");
    expect((await ledgerSum(t.db, c.account.id)).toFixed(2)).toBe("37.90");
  });

  it("pays part with {amount}, then the rest; the invoice is paid only once settled", async () => {
    const c = await makeCustomer(t.db, { credit: "20" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "15.00" }] });
    const first = await payInvoiceFromCredit({ db: t.db, now, actor: owner(c) }, { id: invoice.id, amount: d("5.50") });
    expect(first).toMatchObject({ invoicePaid: false });
    expect(first.remainingAmount.toFixed(2)).toBe("9.50");
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("unpaid");
    const second = await payInvoiceFromCredit({ db: t.db, now, actor: owner(c) }, { id: invoice.id });
    expect(second.invoicePaid).toBe(true);
    expect(second.payment.amount.toFixed(2)).toBe("9.50");
    expect(second.newBalance.toFixed(2)).toBe("5.00");
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(2);
  });

  it("refuses in the documented order and changes nothing", async () => {
    const c = await makeCustomer(t.db, { credit: "3" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }] });
    // amount over the outstanding balance wins over insufficient credit (docs/decisions.md#d29)
    await expect(payInvoiceFromCredit({ db: t.db, now: new Date(), actor: owner(c) }, { id: invoice.id, amount: d("10.01") })).rejects.toThrow(
      /^Amount exceeds the outstanding invoice balance$/,
    );
    await expect(payInvoiceFromCredit({ db: t.db, now: new Date(), actor: owner(c) }, { id: invoice.id })).rejects.toThrow(/^Insufficient credit balance$/);
    await expect(payInvoiceFromCredit({ db: t.db, now: new Date(), actor: owner(c) }, { id: invoice.id, amount: d("0") })).rejects.toThrow(/positive amount/);
    await expect(payInvoiceFromCredit({ db: t.db, now: new Date(), actor: owner(c) }, { id: invoice.id, amount: d("1.001") })).rejects.toThrow(/2 decimal places/);
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);
    expect(await balanceOf(c.account.id)).toBe("3.00");

    await t.db.invoice.update({ where: { id: invoice.id }, data: { status: "cancelled" } });
    await expect(payInvoiceFromCredit({ db: t.db, now: new Date(), actor: owner(c) }, { id: invoice.id, amount: d("1") })).rejects.toThrow(
      "Invoice cannot be paid: it is cancelled",
    );
  });

  it("answers not found for another account's invoice", async () => {
    const mine = await makeCustomer(t.db, { credit: "100" });
    const theirs = await makeCustomer(t.db);
    const invoice = await makeInvoice(t.db, { accountId: theirs.account.id });
    await expect(payInvoiceFromCredit({ db: t.db, now: new Date(), actor: owner(mine) }, { id: invoice.id })).rejects.toMatchObject({ kind: "not_found", message: "Invoice not found" });
  });

  it("spends a team member's OWN credit, never the shared account's", async () => {
    const shared = await makeCustomer(t.db, { credit: "100" });
    const memberOwn = await makeCustomer(t.db, { credit: "30" });
    await t.db.teamMember.create({ data: { accountId: shared.account.id, userId: memberOwn.owner.id, permissions: ["invoices.pay"] } });
    const invoice = await makeInvoice(t.db, { accountId: shared.account.id, lines: [{ amount: "10.00" }] });
    const actor = { accountId: shared.account.id, userId: memberOwn.owner.id, isOwner: false };
    const r = await payInvoiceFromCredit({ db: t.db, now, actor }, { id: invoice.id });
    expect(r.newBalance.toFixed(2)).toBe("20.00");
    expect(await balanceOf(shared.account.id)).toBe("100.00");
    expect(await balanceOf(memberOwn.account.id)).toBe("20.00");
    expect((await t.db.payment.findFirstOrThrow({ where: { invoiceId: invoice.id } })).accountId).toBe(shared.account.id);

    // a member without an account of their own has no credit
    const bare = await makeUser(t.db);
    const other = await makeInvoice(t.db, { accountId: shared.account.id });
    await expect(payInvoiceFromCredit({ db: t.db, now: new Date(), actor: { accountId: shared.account.id, userId: bare.id, isOwner: false } }, { id: other.id })).rejects.toThrow(
      "Insufficient credit balance",
    );
    // credit in another currency is not converted
    const usd = await makeCustomer(t.db, { credit: "500", currency: "USD" });
    await expect(payInvoiceFromCredit({ db: t.db, now: new Date(), actor: { accountId: shared.account.id, userId: usd.owner.id, isOwner: false } }, { id: other.id })).rejects.toThrow(
      "Your credit is held in USD; this invoice is in EUR",
    );
  });

  it("moves the invoice's pending_payment services to pending once paid, and only those", async () => {
    const c = await makeCustomer(t.db, { credit: "100" });
    const product = await makeProduct(t.db);
    const waiting = await makeService(t.db, { accountId: c.account.id, productId: product.id, status: "pending_payment" });
    const active = await makeService(t.db, { accountId: c.account.id, productId: product.id, status: "active" });
    const invoice = await makeInvoice(t.db, {
      accountId: c.account.id,
      lines: [
        { amount: "10.00", serviceId: waiting.id },
        { amount: "5.00", serviceId: active.id },
      ],
    });
    const part = await payInvoiceFromCredit({ db: t.db, now, actor: owner(c) }, { id: invoice.id, amount: d("1") });
    expect(part.releasedServiceIds).toEqual([]);
    expect((await t.db.service.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("pending_payment");
    const rest = await payInvoiceFromCredit({ db: t.db, now, actor: owner(c) }, { id: invoice.id });
    expect(rest.releasedServiceIds).toEqual([waiting.id]);
    expect((await t.db.service.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("pending");
    expect((await t.db.service.findUniqueOrThrow({ where: { id: active.id } })).status).toBe("active");
  });
});

describe("concurrency (settled in the database)", () => {
  it("20 concurrent payments of 20 different 1.00 invoices against a balance of 5 pay exactly 5", async () => {
    const c = await makeCustomer(t.db, { credit: "5" });
    const invoices = [];
    for (let i = 0; i < 20; i++) invoices.push(await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "1.00" }] }));
    const results = await Promise.allSettled(invoices.map((inv) => payInvoiceFromCredit({ db: t.db, now, actor: owner(c) }, { id: inv.id })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    for (const r of results) if (r.status === "rejected") expect((r.reason as Error).message).toBe("Insufficient credit balance");
    expect(await t.db.invoice.count({ where: { accountId: c.account.id, status: "paid" } })).toBe(5);
    expect(await t.db.payment.count({ where: { accountId: c.account.id } })).toBe(5);
    expect(await balanceOf(c.account.id)).toBe("0.00");
    expect((await ledgerSum(t.db, c.account.id)).toFixed(2)).toBe("0.00");
  });

  it("20 concurrent payments of one invoice pay it once", async () => {
    const c = await makeCustomer(t.db, { credit: "100" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "3.00" }] });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => payInvoiceFromCredit({ db: t.db, now, actor: owner(c) }, { id: invoice.id })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as Error).message).toBe("Invoice cannot be paid: it is already paid");
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(1);
    expect(await t.db.creditLedgerEntry.count({ where: { invoiceId: invoice.id } })).toBe(1);
    expect(await balanceOf(c.account.id)).toBe("97.00");
  });

  it("20 concurrent part-payments of 1.00 on a 7.00 invoice: exactly 7 succeed, never overpaid", async () => {
    const c = await makeCustomer(t.db, { credit: "100" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "7.00" }] });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => payInvoiceFromCredit({ db: t.db, now, actor: owner(c) }, { id: invoice.id, amount: d("1") })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(7);
    const fresh = await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(fresh.status).toBe("paid");
    expect(fresh.paidAmount.toFixed(2)).toBe("7.00");
    expect(await balanceOf(c.account.id)).toBe("93.00");
  });

  it("after all the concurrent work every account's creditBalance equals the sum of its ledger", async () => {
    const accounts = await t.db.clientAccount.findMany({ select: { id: true, creditBalance: true } });
    expect(accounts.length).toBeGreaterThan(5);
    for (const a of accounts) expect((await ledgerSum(t.db, a.id)).toFixed(4), a.id).toBe(a.creditBalance.toFixed(4));
  });
});
