import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { stallingGateway } from "@/lib/orders/testing/stalled-card-order";
import { PROCESSING_TIMEOUT_MS, reconcileCardPayments } from "@/lib/orders/reconcile-card-payments";
import { DECLINED_REASON, TEST_CARDS, testCardToken } from "@/lib/payments/test-card-gateway";
import { addCredit, makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { ledgerSum, makeInvoice, makeProforma } from "./testing/billing-factories";
import { payInvoiceFromCredit } from "./pay-invoice-from-credit";
import { CARD_ATTEMPTS_PER_DOCUMENT, payDocumentByCard } from "./pay-document-by-card";

let t: TestDb;
const now = new Date("2026-07-01T03:00:00.000Z");

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

async function withCard(card: string) {
  const c = await makeCustomer(t.db);
  const method = await t.db.paymentMethod.create({
    data: { accountId: c.account.id, gateway: "test", label: "Card", cardLastFour: card.slice(-4), gatewayToken: testCardToken(card), isDefault: true },
  });
  return { ...c, method };
}

describe("payDocumentByCard", () => {
  it("pays what is left of an invoice with the default card; a paid document is not charged again", async () => {
    const { account } = await withCard(TEST_CARDS.success);
    const invoice = await makeInvoice(t.db, { accountId: account.id, lines: [{ amount: "10.00" }], vatRate: "21" });
    await t.db.invoice.update({ where: { id: invoice.id }, data: { paidAmount: new Prisma.Decimal("2.10") } });

    const paid = await payDocumentByCard(t.db, { type: "invoice", id: invoice.id, accountId: account.id }, { now });
    expect(paid).toMatchObject({ status: "paid", amount: new Prisma.Decimal("10.00") });
    expect(await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: "paid", paidAmount: new Prisma.Decimal("12.10"), paidAt: now });
    expect(await t.db.payment.findMany({ where: { invoiceId: invoice.id }, select: { method: true, status: true, amount: true } })).toEqual([
      { method: "card", status: "paid", amount: new Prisma.Decimal("10.00") },
    ]);
    expect(await payDocumentByCard(t.db, { type: "invoice", id: invoice.id, accountId: account.id }, { now })).toEqual({ status: "skipped", why: "not_open" });
    // A card payment never touches the credit balance.
    expect((await ledgerSum(t.db, account.id)).toFixed(2)).toBe("0.00");
  });

  it("turns a proforma it pays in full into a paid invoice", async () => {
    const { account } = await withCard(TEST_CARDS.success);
    const proforma = await makeProforma(t.db, { accountId: account.id, lines: [{ amount: "7.50" }] });
    expect((await payDocumentByCard(t.db, { type: "proforma", id: proforma.id, accountId: account.id }, { now })).status).toBe("paid");
    const converted = await t.db.proforma.findUniqueOrThrow({ where: { id: proforma.id } });
    expect(converted.status).toBe("converted");
    expect(await t.db.invoice.findUniqueOrThrow({ where: { id: converted.invoiceId! } })).toMatchObject({ status: "paid", total: new Prisma.Decimal("7.50") });
  });

  it("a refused card leaves the document open; it is tried CARD_ATTEMPTS_PER_DOCUMENT times, in parallel only once at a time", async () => {
    const { account } = await withCard(TEST_CARDS.declined);
    const invoice = await makeInvoice(t.db, { accountId: account.id });
    const doc = { type: "invoice" as const, id: invoice.id, accountId: account.id };
    const first = await Promise.all([1, 2, 3].map(() => payDocumentByCard(t.db, doc, { now })));
    // Each attempt holds the document until it is settled: the others see it in flight, and no two charges overlap.
    expect(first.every((o) => o.status === "failed" || (o.status === "skipped" && o.why === "in_flight"))).toBe(true);
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(first.filter((o) => o.status === "failed").length);
    for (let i = 0; i < CARD_ATTEMPTS_PER_DOCUMENT; i++) await payDocumentByCard(t.db, doc, { now });
    const payments = await t.db.payment.findMany({ where: { invoiceId: invoice.id } });
    expect(payments.map((p) => [p.status, p.failureReason])).toEqual(Array.from({ length: CARD_ATTEMPTS_PER_DOCUMENT }, () => ["failed", DECLINED_REASON]));
    expect(await payDocumentByCard(t.db, doc, { now })).toEqual({ status: "skipped", why: "attempts_used" });
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("unpaid");
  });

  it("an account without a saved card is skipped, nothing written", async () => {
    const { account } = await makeCustomer(t.db);
    const invoice = await makeInvoice(t.db, { accountId: account.id });
    expect(await payDocumentByCard(t.db, { type: "invoice", id: invoice.id, accountId: account.id }, { now })).toEqual({ status: "skipped", why: "no_card" });
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);
  });

  it("a charge whose process stopped is settled by the sweep; paid from credit meanwhile, the card's money is kept as credit", async () => {
    const { account, owner } = await withCard(TEST_CARDS.success);
    const invoice = await makeInvoice(t.db, { accountId: account.id, lines: [{ amount: "10.00" }] });
    const stall = stallingGateway(true);
    const request = payDocumentByCard(t.db, { type: "invoice", id: invoice.id, accountId: account.id }, { now, gateways: () => stall.gateway });
    await stall.chargeSent;
    const payment = await t.db.payment.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    expect(payment.status).toBe("processing");

    // The account pays the invoice from credit while the card charge is unaccounted for.
    await addCredit(t.db, account.id, "10.00");
    await payInvoiceFromCredit({ db: t.db, now, actor: { accountId: account.id, userId: owner.id, isOwner: true } }, { id: invoice.id });

    const swept = await reconcileCardPayments({ db: t.db, now: new Date(now.getTime() + PROCESSING_TIMEOUT_MS + 1_000) });
    expect(swept).toMatchObject({ checked: 1, paid: 1 });
    expect(await t.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "paid" });
    const ledger = await t.db.creditLedgerEntry.findMany({ where: { accountId: account.id }, orderBy: { createdAt: "asc" } });
    expect(ledger.map((e) => e.kind).sort()).toEqual(["payment", "refund", "top_up"]);
    expect(ledger.find((e) => e.kind === "refund")).toMatchObject({ kind: "refund", amount: new Prisma.Decimal("10.00"), paymentId: payment.id });
    const balance = (await t.db.clientAccount.findUniqueOrThrow({ where: { id: account.id } })).creditBalance;
    expect(balance.toFixed(2)).toBe("10.00");
    expect((await ledgerSum(t.db, account.id)).toFixed(2)).toBe("10.00");
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).paidAmount.toFixed(2)).toBe("10.00");

    // The stalled request finishing late settles nothing again.
    stall.release();
    expect(await request).toEqual({ status: "settled_elsewhere" });
    expect((await ledgerSum(t.db, account.id)).toFixed(2)).toBe("10.00");
  });
});
