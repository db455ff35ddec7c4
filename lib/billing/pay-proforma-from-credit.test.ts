import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { makeCustomer, makeProduct, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { payProformaFromCredit } from "./pay-proforma-from-credit";
import { ledgerSum, makeProforma } from "./testing/billing-factories";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const d = (v: string) => new Prisma.Decimal(v);
const now = new Date("2026-05-03T08:30:00Z");
const owner = (c: { account: { id: string }; owner: { id: string } }) => ({ accountId: c.account.id, userId: c.owner.id, isOwner: true });

describe("payProformaFromCredit", () => {
  it("paid in full, the proforma converts into a paid invoice with its lines, numbered as an invoice", async () => {
    const c = await makeCustomer(t.db, { credit: "100" });
    const product = await makeProduct(t.db);
    const service = await makeService(t.db, { accountId: c.account.id, productId: product.id, status: "pending_payment" });
    const proforma = await makeProforma(t.db, {
      accountId: c.account.id,
      lines: [
        { description: "VPS S, monthly", amount: "20.00", serviceId: service.id },
        { description: "Setup", amount: "5.00" },
      ],
      vatRate: "21",
    });
    const r = await payProformaFromCredit({ db: t.db, now, actor: owner(c) }, { id: proforma.id });
    expect(r.proformaPaid).toBe(true);
    expect(r.creditApplied.toFixed(2)).toBe("30.25");
    expect(r.newBalance.toFixed(2)).toBe("69.75");
    expect(r.remainingAmount.toFixed(2)).toBe("0.00");
    expect(r.invoice).toMatchObject({ status: "paid", number: "INV-2026-000001" });
    expect(r.releasedServiceIds).toEqual([service.id]);

    const fresh = await t.db.proforma.findUniqueOrThrow({ where: { id: proforma.id } });
    expect(fresh).toMatchObject({ status: "converted", invoiceId: r.invoice!.id });
    const invoice = await t.db.invoice.findUniqueOrThrow({ where: { id: r.invoice!.id }, include: { items: { orderBy: { amount: "desc" } }, payments: true } });
    expect(invoice).toMatchObject({ status: "paid", paidAt: now, issuedAt: now, accountId: c.account.id, currency: "EUR" });
    expect([invoice.subtotal, invoice.vatAmount, invoice.total, invoice.paidAmount].map((x) => x.toFixed(2))).toEqual(["25.00", "5.25", "30.25", "30.25"]);
    expect(invoice.items.map((i) => [i.description, i.amount.toFixed(2), i.serviceId])).toEqual([
      ["VPS S, monthly", "20.00", service.id],
      ["Setup", "5.00", null],
    ]);
    expect(invoice.payments.map((p) => p.id)).toEqual([r.payment.id]);
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).status).toBe("pending");

    // converted: it cannot be paid again
    await expect(payProformaFromCredit({ db: t.db, now: new Date(), actor: owner(c) }, { id: proforma.id })).rejects.toMatchObject({
      kind: "invalid",
      message: "Proforma cannot be paid: it has already been converted to an invoice",
    });
  });

  it("a part-payment leaves it unpaid with no invoice; the rest converts it", async () => {
    const c = await makeCustomer(t.db, { credit: "12" });
    const proforma = await makeProforma(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }] });
    const part = await payProformaFromCredit({ db: t.db, now, actor: owner(c) }, { id: proforma.id, amount: d("4") });
    expect(part).toMatchObject({ proformaPaid: false, invoice: null });
    expect(part.remainingAmount.toFixed(2)).toBe("6.00");
    expect((await t.db.proforma.findUniqueOrThrow({ where: { id: proforma.id } })).status).toBe("unpaid");
    const rest = await payProformaFromCredit({ db: t.db, now, actor: owner(c) }, { id: proforma.id });
    expect(rest.proformaPaid).toBe(true);
    expect(rest.creditApplied.toFixed(2)).toBe("6.00");
    // both payments end up on the invoice
    expect(await t.db.payment.count({ where: { invoiceId: rest.invoice!.id } })).toBe(2);
  });

  it("refuses an amount over the outstanding balance before insufficient credit", async () => {
    const c = await makeCustomer(t.db, { credit: "1" });
    const proforma = await makeProforma(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }] });
    await expect(payProformaFromCredit({ db: t.db, now: new Date(), actor: owner(c) }, { id: proforma.id, amount: d("11") })).rejects.toThrow(
      /^Amount exceeds the outstanding proforma balance$/,
    );
    await expect(payProformaFromCredit({ db: t.db, now: new Date(), actor: owner(c) }, { id: proforma.id })).rejects.toThrow(/^Insufficient credit balance$/);
    expect(await t.db.payment.count({ where: { proformaId: proforma.id } })).toBe(0);
  });

  it("20 concurrent payments of one proforma convert it once into exactly one invoice", async () => {
    const c = await makeCustomer(t.db, { credit: "100" });
    const proforma = await makeProforma(t.db, { accountId: c.account.id, lines: [{ amount: "9.00" }] });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => payProformaFromCredit({ db: t.db, now, actor: owner(c) }, { id: proforma.id })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as Error).message).toBe("Proforma cannot be paid: it has already been converted to an invoice");
    }
    expect(await t.db.invoice.count({ where: { accountId: c.account.id } })).toBe(1);
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: c.account.id } })).creditBalance.toFixed(2)).toBe("91.00");
  });

  it("20 concurrent proforma payments against a balance for 5 convert exactly 5, with distinct invoice numbers", async () => {
    const c = await makeCustomer(t.db, { credit: "10" });
    const proformas = [];
    for (let i = 0; i < 20; i++) proformas.push(await makeProforma(t.db, { accountId: c.account.id, lines: [{ amount: "2.00" }] }));
    const results = await Promise.allSettled(proformas.map((p) => payProformaFromCredit({ db: t.db, now, actor: owner(c) }, { id: p.id })));
    const ok = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(ok).toHaveLength(5);
    expect(new Set(ok.map((r) => r.invoice!.number)).size).toBe(5);
    expect(await t.db.proforma.count({ where: { accountId: c.account.id, status: "converted" } })).toBe(5);
    expect((await ledgerSum(t.db, c.account.id)).toFixed(2)).toBe("0.00");
  });
});
