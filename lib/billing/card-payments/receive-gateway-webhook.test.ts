import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createStripeGateway } from "@/lib/payments/stripe-gateway";
import { makeCustomer } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { receiveGatewayWebhook } from "./receive-gateway-webhook";

// Stripe's signed webhook through the real SDK verification into the database: a top-up waiting for
// 3-D Secure is credited once, however often Stripe sends the event; a bad signature changes nothing.

let t: TestDb;
const now = new Date("2026-11-28T12:00:00Z");
const SECRET = "whsec_test_rackfront";
const gateway = createStripeGateway({ secretKey: "sk_test_rackfront", webhookSecret: SECRET });

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

async function waitingTopUp() {
  const c = await makeCustomer(t.db);
  const method = await t.db.paymentMethod.create({
    data: { accountId: c.account.id, gateway: "stripe", label: "Visa ending 3184", cardBrand: "visa", cardLastFour: "3184", gatewayToken: "pm_1Qx", gatewayCustomer: "cus_1Qx", isDefault: true },
  });
  const payment = await t.db.payment.create({
    data: { accountId: c.account.id, purpose: "top_up", paymentMethodId: method.id, method: "card", amount: new Prisma.Decimal("30.00"), currency: "EUR", status: "processing", gatewayReference: "pi_3Qx", actionUrl: "https://hooks.stripe.com/3d_secure_2/x" },
  });
  return { c, payment };
}

const eventBody = (type: string, reference: string) =>
  JSON.stringify({
    id: "evt_1",
    object: "event",
    type,
    api_version: "2026-09-30",
    created: Math.floor(now.getTime() / 1000),
    data: { object: { id: "pi_3Qx", object: "payment_intent", status: type.endsWith("succeeded") ? "succeeded" : "requires_payment_method", metadata: { reference }, last_payment_error: null } },
  });
const sign = (payload: string, secret = SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
const receive = (rawBody: string, signature: string | null) => receiveGatewayWebhook({ db: t.db, now, gatewayName: "stripe", rawBody, signature, gateway, provision: async () => {} });

describe("receiveGatewayWebhook (Stripe)", () => {
  it("credits a waiting top-up once on payment_intent.succeeded, however often it is sent", async () => {
    const { c, payment } = await waitingTopUp();
    const body = eventBody("payment_intent.succeeded", `top-up:${payment.id}`);
    const answers = await Promise.all([receive(body, sign(body)), receive(body, sign(body)), receive(body, sign(body))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.result).sort()).toEqual(["already_settled", "already_settled", "settled"]);
    const rows = await t.db.creditLedgerEntry.findMany({ where: { paymentId: payment.id } });
    expect(rows).toHaveLength(1);
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: c.account.id } })).creditBalance.toFixed(2)).toBe("30.00");
    expect(await t.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "paid", actionUrl: null });
  });

  it("refuses a tampered body, another secret and a missing signature with 400, changing nothing", async () => {
    const { payment } = await waitingTopUp();
    const body = eventBody("payment_intent.succeeded", `top-up:${payment.id}`);
    expect((await receive(body.replace("30", "31") + " ", sign(body))).status).toBe(400);
    expect((await receive(body, sign(body, "whsec_other"))).status).toBe(400);
    expect((await receive(body, null)).status).toBe(400);
    expect(await t.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "processing" });
  });

  it("records payment_intent.payment_failed as a failed top-up; ignores events it does not act on; 404 without a configured webhook", async () => {
    const { payment } = await waitingTopUp();
    const failed = eventBody("payment_intent.payment_failed", `top-up:${payment.id}`);
    expect((await receive(failed, sign(failed))).body.result).toBe("settled");
    expect(await t.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "failed" });
    const other = eventBody("charge.refunded", `top-up:${payment.id}`);
    expect(await receive(other, sign(other))).toEqual({ status: 200, body: { received: true, result: "ignored" } });
    expect((await receiveGatewayWebhook({ db: t.db, now, gatewayName: "stripe", rawBody: other, signature: sign(other), gateway: null })).status).toBe(404);
  });
});
