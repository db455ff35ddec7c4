import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "@/lib/db/in-transaction";
import { makeCustomer, makeProduct, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { applyAutoCredit } from "./apply-auto-credit";
import { payInvoiceFromCredit } from "./pay-invoice-from-credit";
import { ledgerSum, makeInvoice, makeProforma } from "./testing/billing-factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const now = new Date("2026-06-01T10:00:00Z");

async function autoCustomer(credit: string, autoCredit = true) {
  const c = await makeCustomer(t.db, { credit });
  await t.db.clientAccount.update({ where: { id: c.account.id }, data: { autoCredit } });
  return c;
}

describe("applyAutoCredit", () => {
  it("does nothing when the account has auto-credit off", async () => {
    const c = await autoCustomer("100", false);
    const invoice = await makeInvoice(t.db, { accountId: c.account.id });
    const r = await inTransaction(t.db, (tx) => applyAutoCredit(tx, { accountId: c.account.id, document: { type: "invoice", id: invoice.id }, now }));
    expect(r).toBeNull();
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("unpaid");
  });

  it("pays an invoice in full inside the caller's transaction and releases its services", async () => {
    const c = await autoCustomer("100");
    const product = await makeProduct(t.db);
    const service = await makeService(t.db, { accountId: c.account.id, productId: product.id, status: "pending_payment" });
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "25.00", serviceId: service.id }] });
    const r = await inTransaction(t.db, (tx) => applyAutoCredit(tx, { accountId: c.account.id, document: { type: "invoice", id: invoice.id }, now }));
    expect(r).not.toBeNull();
    expect(r!.settled).toBe(true);
    expect(r!.documentStatus).toBe("paid");
    expect(r!.applied.creditApplied.toFixed(2)).toBe("25.00");
    expect(r!.applied.newBalance.toFixed(2)).toBe("75.00");
    expect(r!.applied.remainingAmount.toFixed(2)).toBe("0.00");
    expect(r!.applied).toMatchObject({ proformaPaid: false, invoice: { id: invoice.id, number: invoice.number, status: "paid" } });
    expect(r!.releasedServiceIds).toEqual([service.id]);
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).status).toBe("pending");
  });

  it("pays as far as the balance allows and leaves the rest open", async () => {
    const c = await autoCustomer("4.50");
    const proforma = await makeProforma(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }] });
    const r = await inTransaction(t.db, (tx) => applyAutoCredit(tx, { accountId: c.account.id, document: { type: "proforma", id: proforma.id }, now }));
    expect(r!.settled).toBe(false);
    expect(r!.documentStatus).toBe("unpaid");
    expect(r!.applied.creditApplied.toFixed(2)).toBe("4.50");
    expect(r!.applied.newBalance.toFixed(2)).toBe("0.00");
    expect(r!.applied.remainingAmount.toFixed(2)).toBe("5.50");
    expect(r!.applied).toMatchObject({ proformaPaid: false, invoice: null });

    // no credit left: nothing applied, nothing written
    const again = await inTransaction(t.db, (tx) => applyAutoCredit(tx, { accountId: c.account.id, document: { type: "proforma", id: proforma.id }, now }));
    expect(again).toBeNull();
    expect(await t.db.payment.count({ where: { proformaId: proforma.id } })).toBe(1);
  });

  it("converts a proforma it pays in full", async () => {
    const c = await autoCustomer("50");
    const proforma = await makeProforma(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }], vatRate: "21" });
    const r = await inTransaction(t.db, (tx) => applyAutoCredit(tx, { accountId: c.account.id, document: { type: "proforma", id: proforma.id }, now }));
    expect(r!.settled).toBe(true);
    expect(r!.documentStatus).toBe("converted");
    expect(r!.applied).toMatchObject({ proformaPaid: true, invoice: { status: "paid" } });
    expect(r!.applied.invoice!.number).toMatch(/^INV-2026-\d{6}$/);
  });

  it("rolls back with the caller's transaction", async () => {
    const c = await autoCustomer("30");
    const invoice = await makeInvoice(t.db, { accountId: c.account.id });
    await expect(
      inTransaction(t.db, async (tx) => {
        await applyAutoCredit(tx, { accountId: c.account.id, document: { type: "invoice", id: invoice.id }, now });
        throw new Error("order failed later");
      }),
    ).rejects.toThrow("order failed later");
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("unpaid");
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: c.account.id } })).creditBalance.toFixed(2)).toBe("30.00");
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);
  });

  it("runs safely beside manual payments of other invoices of the same balance", async () => {
    const c = await autoCustomer("10");
    const owner = { accountId: c.account.id, userId: c.owner.id, isOwner: true };
    const invoices = [];
    for (let i = 0; i < 12; i++) invoices.push(await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "2.00" }] }));
    const results = await Promise.allSettled(
      invoices.map((inv, i) =>
        i % 2 === 0
          ? payInvoiceFromCredit({ db: t.db, now, actor: owner }, { id: inv.id })
          : inTransaction(t.db, (tx) => applyAutoCredit(tx, { accountId: c.account.id, document: { type: "invoice", id: inv.id }, now })),
      ),
    );
    expect(results.every((r) => r.status === "fulfilled" || (r.reason as Error).message === "Insufficient credit balance")).toBe(true);
    const fresh = await t.db.clientAccount.findUniqueOrThrow({ where: { id: c.account.id } });
    expect(fresh.creditBalance.gte(0)).toBe(true);
    expect((await ledgerSum(t.db, c.account.id)).toFixed(4)).toBe(fresh.creditBalance.toFixed(4));
    const paid = await t.db.invoice.aggregate({ where: { accountId: c.account.id }, _sum: { paidAmount: true } });
    expect(paid._sum.paidAmount!.toFixed(2)).toBe("10.00");
  });
});
