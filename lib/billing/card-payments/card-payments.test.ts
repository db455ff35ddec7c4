import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCardFromForm } from "@/lib/accounts/payment-methods/add-card";
import { removePaymentMethod } from "@/lib/accounts/payment-methods/remove-payment-method";
import { PAYMENT_METHOD_RULES } from "@/lib/accounts/payment-methods/payment-method-rules";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { ABANDONED_CHALLENGE_MS, CHALLENGE_ABANDONED, reconcileCardPayments } from "@/lib/orders/reconcile-card-payments";
import { AUTHENTICATION_FAILED_REASON, DECLINED_REASON, TEST_CARDS, testCardGateway } from "@/lib/payments/test-card-gateway";
import { makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { ledgerSum, makeInvoice } from "../testing/billing-factories";
import { applyGatewayEvent } from "./apply-gateway-event";
import { CARD_PAYMENT_RULES } from "./card-payment-rules";
import { confirmCardPayment } from "./confirm-card-payment";
import { startCardPayment } from "./start-card-payment";

// Card payments with the holder present, on the test gateway: top-ups are one ledger row however
// many of the return, the webhook and the sweep arrive; 3-D Secure waits and settles once; saved
// cards belong to their account.

let t: TestDb;
const now = new Date("2026-11-28T12:00:00Z");
const d = (v: string) => new Prisma.Decimal(v);
const returnUrl = (id: string) => `http://portal.test/billing/payments/${id}`;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

type Customer = Awaited<ReturnType<typeof makeCustomer>>;
const actor = (c: Customer) => ({ accountId: c.account.id, userId: c.owner.id, isOwner: true });
const ctx = (c: Customer, at = now) => ({ db: t.db, now: at, actor: actor(c), provision: async () => {} });
const expiry = { expMonth: 12, expYear: 2030, cvc: "123" };
const addCard = (c: Customer, number: string) => addCardFromForm({ db: t.db, now, actor: { accountId: c.account.id } }, { number, ...expiry });
const balance = async (c: Customer) => (await t.db.clientAccount.findUniqueOrThrow({ where: { id: c.account.id } })).creditBalance.toFixed(2);
const topUps = (c: Customer) => t.db.creditLedgerEntry.findMany({ where: { accountId: c.account.id, kind: "top_up", paymentId: { not: null } } });
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as DomainError);

describe("top-ups by card", () => {
  it("adds the amount as one top_up ledger row with the card in its description", async () => {
    const c = await makeCustomer(t.db, { credit: "3" });
    await addCard(c, TEST_CARDS.success);
    const r = await startCardPayment(ctx(c), { target: { kind: "top_up", amount: d("25.50") }, methodId: null, returnUrl });
    expect(r).toMatchObject({ status: "paid" });
    expect(await balance(c)).toBe("28.50");
    const rows = await topUps(c);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ description: "Top-up by card ending 4242", paymentId: r.paymentId });
    expect(rows[0]!.amount.toFixed(2)).toBe("25.50");
    expect((await ledgerSum(t.db, c.account.id)).toFixed(2)).toBe("28.50");
    expect(await t.db.payment.findUniqueOrThrow({ where: { id: r.paymentId } })).toMatchObject({ status: "paid", purpose: "top_up", method: "card" });
  });

  it("refuses amounts outside the operator's limits or with more than two decimals, under the amount field, writing nothing", async () => {
    const c = await makeCustomer(t.db);
    await addCard(c, TEST_CARDS.success);
    await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, topUpMinimum: d("5"), topUpMaximum: d("500") }, update: { topUpMinimum: d("5"), topUpMaximum: d("500") } });
    for (const [amount, message] of [
      ["4.99", CARD_PAYMENT_RULES.topUpBelow("€5.00")],
      ["500.01", CARD_PAYMENT_RULES.topUpAbove("€500.00")],
      ["10.005", CARD_PAYMENT_RULES.amountFormat],
      ["-10", CARD_PAYMENT_RULES.amountFormat],
    ] as const) {
      const error = await refusal(startCardPayment(ctx(c), { target: { kind: "top_up", amount: d(amount) }, methodId: null, returnUrl }));
      expect(error).toBeInstanceOf(DomainError);
      expect(error!.details).toEqual([{ field: "amount", message }]);
    }
    expect(await t.db.payment.count({ where: { accountId: c.account.id } })).toBe(0);
    expect(await balance(c)).toBe("0.00");
  });

  it("records a declined card as a failed payment with the bank's reason and adds nothing", async () => {
    const c = await makeCustomer(t.db);
    await addCard(c, TEST_CARDS.declined);
    const r = await startCardPayment(ctx(c), { target: { kind: "top_up", amount: d("10") }, methodId: null, returnUrl });
    expect(r).toEqual({ status: "failed", paymentId: expect.any(String), reason: DECLINED_REASON });
    expect(await t.db.payment.findUniqueOrThrow({ where: { id: r.paymentId } })).toMatchObject({ status: "failed", failureReason: DECLINED_REASON });
    expect(await topUps(c)).toHaveLength(0);
  });

  it("with 3-D Secure: waits for the holder, then the return, the webhook and the sweep racing add the credit exactly once", async () => {
    const c = await makeCustomer(t.db);
    await addCard(c, TEST_CARDS.threeDSecure);
    const r = await startCardPayment(ctx(c), { target: { kind: "top_up", amount: d("40") }, methodId: null, returnUrl });
    if (r.status !== "requires_action") throw new Error(`expected a challenge, got ${r.status}`);
    expect(r.redirectUrl).toMatch(/^http:\/\/portal\.test\/pay\/test-3ds\?payment=test_ch_/);

    // Back too early (the holder closed the challenge): still waiting, nothing added.
    expect(await confirmCardPayment(ctx(c), r.paymentId)).toMatchObject({ status: "processing", actionUrl: r.redirectUrl });
    expect(await topUps(c)).toHaveLength(0);

    const gatewayReference = new URL(r.redirectUrl).searchParams.get("payment")!;
    expect(testCardGateway.completeChallenge(gatewayReference, true)).toEqual({ returnUrl: returnUrl(r.paymentId) });
    const reference = `top-up:${r.paymentId}`;
    const event = { kind: "payment" as const, reference, gatewayReference, outcome: { status: "succeeded" as const, gatewayReference } };
    const results = await Promise.all([
      confirmCardPayment(ctx(c), r.paymentId),
      confirmCardPayment(ctx(c), r.paymentId),
      applyGatewayEvent(t.db, "test", event, { now }),
      applyGatewayEvent(t.db, "test", event, { now }),
      reconcileCardPayments({ db: t.db, now: new Date(now.getTime() + 3600_000), gateways: (n) => (n === "test" ? testCardGateway : null) }),
    ]);
    expect(results[0]).toMatchObject({ status: "paid", actionUrl: null });
    expect(await topUps(c)).toHaveLength(1);
    expect(await balance(c)).toBe("40.00");
    // Later news changes nothing.
    expect(await applyGatewayEvent(t.db, "test", event, { now })).toBe("already_settled");
    expect(await balance(c)).toBe("40.00");
  });

  it("with 3-D Secure failed: the payment fails with the bank's sentence", async () => {
    const c = await makeCustomer(t.db);
    await addCard(c, TEST_CARDS.threeDSecure);
    const r = await startCardPayment(ctx(c), { target: { kind: "top_up", amount: d("15") }, methodId: null, returnUrl });
    if (r.status !== "requires_action") throw new Error("expected a challenge");
    testCardGateway.completeChallenge(new URL(r.redirectUrl).searchParams.get("payment")!, false);
    expect(await confirmCardPayment(ctx(c), r.paymentId)).toMatchObject({ status: "failed", reason: AUTHENTICATION_FAILED_REASON });
    expect(await topUps(c)).toHaveLength(0);
  });

  it("gives up a challenge nobody answered after a day: cancelled at the gateway, failed, a late answer is refused", async () => {
    const c = await makeCustomer(t.db);
    await addCard(c, TEST_CARDS.threeDSecure);
    const r = await startCardPayment(ctx(c), { target: { kind: "top_up", amount: d("15") }, methodId: null, returnUrl });
    if (r.status !== "requires_action") throw new Error("expected a challenge");
    const gateways = (n: string) => (n === "test" ? testCardGateway : null);
    await reconcileCardPayments({ db: t.db, now: new Date(now.getTime() + ABANDONED_CHALLENGE_MS - 60_000), gateways });
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: r.paymentId } })).status).toBe("processing");
    await reconcileCardPayments({ db: t.db, now: new Date(now.getTime() + ABANDONED_CHALLENGE_MS), gateways });
    expect(await t.db.payment.findUniqueOrThrow({ where: { id: r.paymentId } })).toMatchObject({ status: "failed", failureReason: CHALLENGE_ABANDONED, actionUrl: null });
    expect(testCardGateway.completeChallenge(new URL(r.redirectUrl).searchParams.get("payment")!, true)).toBeNull();
  });

  it("answers another account's payment as not found", async () => {
    const a = await makeCustomer(t.db);
    const b = await makeCustomer(t.db);
    await addCard(a, TEST_CARDS.success);
    const r = await startCardPayment(ctx(a), { target: { kind: "top_up", amount: d("10") }, methodId: null, returnUrl });
    expect(await refusal(confirmCardPayment(ctx(b), r.paymentId))).toMatchObject({ kind: "not_found" });
  });

  it("ignores a webhook whose reference names a payment of another gateway or does not match it", async () => {
    const c = await makeCustomer(t.db);
    await addCard(c, TEST_CARDS.threeDSecure);
    const r = await startCardPayment(ctx(c), { target: { kind: "top_up", amount: d("10") }, methodId: null, returnUrl });
    const outcome = { status: "succeeded" as const, gatewayReference: "pi_forged" };
    expect(await applyGatewayEvent(t.db, "stripe", { kind: "payment", reference: `top-up:${r.paymentId}`, gatewayReference: "pi_forged", outcome }, { now })).toBe("unknown_payment");
    expect(await applyGatewayEvent(t.db, "test", { kind: "payment", reference: `someone-else:${r.paymentId}`, gatewayReference: "pi_forged", outcome }, { now })).toBe("unknown_payment");
    expect(await topUps(c)).toHaveLength(0);
  });
});

describe("paying a document by card", () => {
  it("pays an open invoice in full; a second payment is refused as nothing left to pay", async () => {
    const c = await makeCustomer(t.db);
    await addCard(c, TEST_CARDS.success);
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }], vatRate: "21" });
    const r = await startCardPayment(ctx(c), { target: { kind: "document", type: "invoice", id: invoice.id }, methodId: null, returnUrl });
    expect(r).toMatchObject({ status: "paid" });
    const fresh = await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(fresh.status).toBe("paid");
    expect(fresh.paidAmount.toFixed(2)).toBe("12.10");
    expect(await refusal(startCardPayment(ctx(c), { target: { kind: "document", type: "invoice", id: invoice.id }, methodId: null, returnUrl }))).toMatchObject({ kind: "conflict", message: CARD_PAYMENT_RULES.notOpen });
    expect(await balance(c)).toBe("0.00");
  });

  it("refuses a second card payment while one waits for 3-D Secure, and another account's invoice as not found", async () => {
    const c = await makeCustomer(t.db);
    await addCard(c, TEST_CARDS.threeDSecure);
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "10.00" }] });
    const target = { kind: "document" as const, type: "invoice" as const, id: invoice.id };
    expect(await startCardPayment(ctx(c), { target, methodId: null, returnUrl })).toMatchObject({ status: "requires_action" });
    expect(await refusal(startCardPayment(ctx(c), { target, methodId: null, returnUrl }))).toMatchObject({ kind: "conflict", message: CARD_PAYMENT_RULES.inFlight });
    const other = await makeCustomer(t.db);
    await addCard(other, TEST_CARDS.success);
    expect(await refusal(startCardPayment(ctx(other), { target, methodId: null, returnUrl }))).toMatchObject({ kind: "not_found" });
  });

  it("parallel card payments of one invoice: one is charged, the others are refused", async () => {
    const c = await makeCustomer(t.db);
    await addCard(c, TEST_CARDS.success);
    const invoice = await makeInvoice(t.db, { accountId: c.account.id, lines: [{ amount: "30.00" }] });
    const target = { kind: "document" as const, type: "invoice" as const, id: invoice.id };
    const results = await Promise.all(Array.from({ length: 4 }, () => startCardPayment(ctx(c), { target, methodId: null, returnUrl }).catch((e: unknown) => e)));
    expect(results.filter((r) => (r as { status?: string }).status === "paid")).toHaveLength(1);
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id, status: "paid" } })).toBe(1);
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).paidAmount.toFixed(2)).toBe("30.00");
  });
});

describe("saved cards", () => {
  it("saves only test cards in test mode, refusals under their field; the first card is the default", async () => {
    const c = await makeCustomer(t.db);
    expect((await refusal(addCard(c, "4242 4242 4242 4241")))!.details).toEqual([{ field: "number", message: expect.stringContaining("valid card number") }]);
    expect((await refusal(addCard(c, "4111 1111 1111 1111")))!.details).toEqual([{ field: "number", message: expect.stringContaining("never enter a real card") }]);
    const first = await addCard(c, "4242 4242 4242 4242");
    const second = await addCard(c, TEST_CARDS.declined);
    expect(first).toMatchObject({ label: "Visa ending 4242", isDefault: true, gateway: "test", expMonth: 12, expYear: 2030 });
    expect(second).toMatchObject({ label: "Visa ending 0002", isDefault: false });
    const stored = await t.db.paymentMethod.findUniqueOrThrow({ where: { id: first.id } });
    expect(stored.gatewayToken).not.toContain("4242424242424242");
  });

  it("removes a card (the default passes on), refuses one with a payment in progress and another account's", async () => {
    const c = await makeCustomer(t.db);
    const first = await addCard(c, TEST_CARDS.success);
    const challenged = await addCard(c, TEST_CARDS.threeDSecure);
    const pctx = { db: t.db, now, actor: { accountId: c.account.id } };
    const other = await makeCustomer(t.db);
    expect(await refusal(removePaymentMethod({ db: t.db, now, actor: { accountId: other.account.id } }, { id: first.id }))).toMatchObject({ kind: "not_found" });
    expect(await removePaymentMethod(pctx, { id: first.id })).toEqual({ label: "Visa ending 4242" });
    expect(await t.db.paymentMethod.findUniqueOrThrow({ where: { id: challenged.id } })).toMatchObject({ isDefault: true });
    await startCardPayment(ctx(c), { target: { kind: "top_up", amount: d("10") }, methodId: challenged.id, returnUrl });
    expect(await refusal(removePaymentMethod(pctx, { id: challenged.id }))).toMatchObject({ kind: "conflict", message: PAYMENT_METHOD_RULES.inUse });
  });
});
