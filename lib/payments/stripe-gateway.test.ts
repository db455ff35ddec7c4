import { readFileSync } from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { WebhookSignatureError, type CardGateway, type RedirectCardSetup } from "./card-gateway";
import { chargeSafely, type ChargeRequest } from "./payment-gateway";
import { EXPIRED_CARD_REASON, PAYMENT_CANCELED_REASON, UNSUPPORTED_ACTION_REASON, createStripeGateway, toStripeAmount, withQuery } from "./stripe-gateway";
import { AUTHENTICATION_FAILED_REASON, AUTHENTICATION_REQUIRED_REASON, DECLINED_REASON, GATEWAY_ERROR_REASON, INSUFFICIENT_FUNDS_REASON } from "./test-card-gateway";

// Contract tests: the gateway talks to a fake `fetch` that records every request and answers with
// Stripe's documented objects (stripe-fixtures/*.json), so each test checks what is sent (method,
// path, form parameters, Idempotency-Key) and how each answer is read. No network.

const SECRET_KEY = "sk_test_51Pq2Rs2eZvKYlo2CtestKey";
const WEBHOOK_SECRET = "whsec_test_7b1f0c2d9e8a4b6c";

type Json = Record<string, unknown>;

/** A fresh copy of a recorded Stripe response. */
function fixture(name: string): Json {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, "stripe-fixtures", `${name}.json`), "utf8")) as Json;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | Error;

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

const ok = (body: unknown): Answer => ({ status: 200, body });
/** Stripe's error answer; `stripe-should-retry: false` as Stripe sends on errors a retry would only repeat. */
const failure = (status: number, body: unknown): Answer => ({ status, body, headers: { "stripe-should-retry": "false" } });

function fakeStripe(answers: Answer[], options: { secretKey?: string; webhookSecret?: string | null } = {}) {
  const sent: Sent[] = [];
  const queue = [...answers];
  const fakeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    sent.push({
      method: init?.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form: Object.fromEntries(new URLSearchParams(typeof init?.body === "string" ? init.body : "")),
      idempotencyKey: headers.get("idempotency-key"),
      authorization: headers.get("authorization"),
    });
    const answer = queue.shift();
    if (!answer) throw new Error(`No answer left for ${init?.method} ${url.pathname}`);
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json", "request-id": "req_fake", ...answer.headers } });
  };
  const gateway = createStripeGateway({
    secretKey: options.secretKey ?? SECRET_KEY,
    webhookSecret: options.webhookSecret === undefined ? WEBHOOK_SECRET : options.webhookSecret,
    httpClient: Stripe.createFetchHttpClient(fakeFetch as typeof fetch),
  });
  return { gateway, sent, unanswered: () => queue.length };
}

const chargeRequest = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  token: "pm_1QdSz82eZvKYlo2CfT6uJ3rM",
  customer: "cus_RkX8pT2mNq4vWz",
  cardLastFour: "4242",
  amount: new Prisma.Decimal("12.50"),
  currency: "EUR",
  reference: "ord_01:pay_01",
  description: "Order ord_01",
  ...overrides,
});

const intentWith = (changes: Json): Json => ({ ...fixture("payment-intent-succeeded"), ...changes });
const cardError = (changes: Json): Json => {
  const body = fixture("error-card-declined-insufficient-funds") as { error: Json & { payment_intent: Json } };
  const error = { ...body.error, ...changes };
  return { error: { ...error, payment_intent: { ...body.error.payment_intent, last_payment_error: { ...(body.error.payment_intent.last_payment_error as Json), ...changes } } } };
};
const setupOf = (gateway: CardGateway) => gateway.cardSetup as RedirectCardSetup;

describe("Stripe gateway: identity", () => {
  it("is named stripe; a test key is test mode, a live key is not, a publishable key is refused", () => {
    expect(fakeStripe([]).gateway.name).toBe("stripe");
    expect(fakeStripe([]).gateway.testMode).toBe(true);
    expect(fakeStripe([], { secretKey: "rk_test_51Pq2Rs2eZvKYlo2C" }).gateway.testMode).toBe(true);
    expect(fakeStripe([], { secretKey: "sk_live_51Pq2Rs2eZvKYlo2C" }).gateway.testMode).toBe(false);
    expect(() => fakeStripe([], { secretKey: "pk_test_51Pq2Rs2eZvKYlo2C" })).toThrow(/secret key/);
    expect(fakeStripe([]).gateway.cardSetup.mode).toBe("redirect");
  });
});

describe("Stripe gateway: charge (off-session)", () => {
  it("creates a confirmed off-session PaymentIntent in minor units, with our reference as metadata and idempotency key", async () => {
    const { gateway, sent } = fakeStripe([ok(fixture("payment-intent-succeeded"))]);
    expect(await gateway.charge(chargeRequest())).toEqual({ ok: true, gatewayReference: "pi_3QdT1a2eZvKYlo2C0k1W8p9x" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/payment_intents", idempotencyKey: "ord_01:pay_01", authorization: `Bearer ${SECRET_KEY}` });
    expect(sent[0]!.form).toEqual({
      amount: "1250",
      currency: "eur",
      customer: "cus_RkX8pT2mNq4vWz",
      payment_method: "pm_1QdSz82eZvKYlo2CfT6uJ3rM",
      description: "Order ord_01",
      "metadata[reference]": "ord_01:pay_01",
      off_session: "true",
      confirm: "true",
      "automatic_payment_methods[enabled]": "true",
      "automatic_payment_methods[allow_redirects]": "never",
    });
  });

  it("sends a zero-decimal currency without decimals and leaves the customer out when there is none", async () => {
    const { gateway, sent } = fakeStripe([ok(intentWith({ amount: 1500, currency: "jpy", customer: null }))]);
    await gateway.charge(chargeRequest({ amount: new Prisma.Decimal(1500), currency: "JPY", customer: null }));
    expect(sent[0]!.form).toMatchObject({ amount: "1500", currency: "jpy" });
    expect(sent[0]!.form).not.toHaveProperty("customer");
  });

  it("maps Stripe's card errors to the portal's refusals, with the PaymentIntent they left", async () => {
    const cases: [Json, { code: string; reason: string }][] = [
      [fixture("error-card-declined-insufficient-funds"), { code: "insufficient_funds", reason: INSUFFICIENT_FUNDS_REASON }],
      [cardError({ code: "authentication_required", decline_code: "authentication_required", message: "Your card was declined. This transaction requires authentication." }), { code: "declined", reason: AUTHENTICATION_REQUIRED_REASON }],
      [cardError({ code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." }), { code: "declined", reason: DECLINED_REASON }],
      [cardError({ code: "expired_card", decline_code: undefined, message: "Your card has expired." }), { code: "declined", reason: EXPIRED_CARD_REASON }],
      [cardError({ code: "processing_error", decline_code: undefined, message: "An error occurred while processing your card." }), { code: "error", reason: GATEWAY_ERROR_REASON }],
    ];
    for (const [body, refusal] of cases) {
      const { gateway, sent } = fakeStripe([failure(402, body)]);
      expect(await gateway.charge(chargeRequest({ reference: "ord_02:pay_02" }))).toEqual({ ok: false, ...refusal, gatewayReference: "pi_3QdT6k2eZvKYlo2C0mQ1fZ4r" });
      expect(sent).toHaveLength(1);
    }
  });

  it("throws when Stripe fails or leaves the payment processing, which chargeSafely records as a gateway error", async () => {
    const apiError = { error: { type: "api_error", message: "An unknown error occurred" } };
    const broken = fakeStripe([failure(500, apiError)]);
    await expect(broken.gateway.charge(chargeRequest())).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    const processing = fakeStripe([ok(intentWith({ status: "processing" }))]);
    await expect(processing.gateway.charge(chargeRequest())).rejects.toThrow(/processing/);
    const again = fakeStripe([failure(500, apiError)]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await chargeSafely(again.gateway, chargeRequest())).toEqual({ ok: false, code: "error", reason: GATEWAY_ERROR_REASON, gatewayReference: null });
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      warn.mockRestore();
    }
  });

  it("retries a request whose connection failed with the same idempotency key, so the card is charged once", async () => {
    const { gateway, sent } = fakeStripe([new TypeError("fetch failed"), ok(fixture("payment-intent-succeeded"))]);
    expect(await gateway.charge(chargeRequest())).toEqual({ ok: true, gatewayReference: "pi_3QdT1a2eZvKYlo2C0k1W8p9x" });
    expect(sent.map((s) => s.idempotencyKey)).toEqual(["ord_01:pay_01", "ord_01:pay_01"]);
    expect(sent[1]!.form).toEqual(sent[0]!.form);
  });
});

describe("Stripe gateway: pay (holder present)", () => {
  const payRequest = { ...chargeRequest({ reference: "inv_07:pay_09", amount: new Prisma.Decimal(49), description: "Invoice inv_07" }), returnUrl: "https://panel.example.com/billing/pay/return?payment=pay_09" };

  it("confirms with the return URL and without off_session", async () => {
    const { gateway, sent } = fakeStripe([ok(intentWith({ id: "pi_paid", amount: 4900 }))]);
    expect(await gateway.pay(payRequest)).toEqual({ status: "succeeded", gatewayReference: "pi_paid" });
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/payment_intents", idempotencyKey: "inv_07:pay_09" });
    expect(sent[0]!.form).toEqual({
      amount: "4900",
      currency: "eur",
      customer: "cus_RkX8pT2mNq4vWz",
      payment_method: "pm_1QdSz82eZvKYlo2CfT6uJ3rM",
      description: "Invoice inv_07",
      "metadata[reference]": "inv_07:pay_09",
      confirm: "true",
      return_url: "https://panel.example.com/billing/pay/return?payment=pay_09",
    });
  });

  it("sends the browser to the bank's 3-D Secure page when Stripe asks for it", async () => {
    const intent = fixture("payment-intent-requires-action");
    const { gateway } = fakeStripe([ok(intent)]);
    const url = (intent.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url;
    expect(url).toMatch(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\//);
    expect(await gateway.pay(payRequest)).toEqual({ status: "requires_action", gatewayReference: "pi_3QdT4f2eZvKYlo2C1r7Yb2Qe", redirectUrl: url });
  });

  it("sends the browser back to the return page while Stripe is processing, and refuses a next action it cannot show", async () => {
    const processing = fakeStripe([ok(intentWith({ id: "pi_processing", status: "processing" }))]);
    expect(await processing.gateway.pay(payRequest)).toEqual({ status: "requires_action", gatewayReference: "pi_processing", redirectUrl: payRequest.returnUrl });
    const wallet = fakeStripe([ok(intentWith({ id: "pi_wallet", status: "requires_action", next_action: { type: "use_stripe_sdk", use_stripe_sdk: {} } }))]);
    expect(await wallet.gateway.pay(payRequest)).toEqual({ status: "failed", code: "declined", reason: UNSUPPORTED_ACTION_REASON, gatewayReference: "pi_wallet" });
  });

  it("returns a refused card as failed, not as an exception", async () => {
    const { gateway } = fakeStripe([failure(402, fixture("error-card-declined-insufficient-funds"))]);
    expect(await gateway.pay(payRequest)).toEqual({ status: "failed", code: "insufficient_funds", reason: INSUFFICIENT_FUNDS_REASON, gatewayReference: "pi_3QdT6k2eZvKYlo2C0mQ1fZ4r" });
  });
});

describe("Stripe gateway: lookup", () => {
  const lookup = (gateway: CardGateway, gatewayReference: string | null) => gateway.lookup({ reference: "ord_01:pay_01", token: "pm_x", cardLastFour: null, gatewayReference });

  it("retrieves the PaymentIntent by its id and maps its status", async () => {
    const declined = (fixture("error-card-declined-insufficient-funds").error as { payment_intent: Json }).payment_intent;
    const cases: [Json, unknown][] = [
      [intentWith({}), { status: "succeeded", gatewayReference: "pi_3QdT1a2eZvKYlo2C0k1W8p9x" }],
      [declined, { status: "failed", code: "insufficient_funds", reason: INSUFFICIENT_FUNDS_REASON, gatewayReference: "pi_3QdT6k2eZvKYlo2C0mQ1fZ4r" }],
      [intentWith({ status: "requires_payment_method", last_payment_error: { type: "card_error", code: "payment_intent_authentication_failure" } }), { status: "failed", code: "declined", reason: AUTHENTICATION_FAILED_REASON, gatewayReference: "pi_3QdT1a2eZvKYlo2C0k1W8p9x" }],
      [intentWith({ status: "canceled", cancellation_reason: "abandoned" }), { status: "failed", code: "error", reason: PAYMENT_CANCELED_REASON, gatewayReference: "pi_3QdT1a2eZvKYlo2C0k1W8p9x" }],
      [intentWith({ status: "processing" }), { status: "pending" }],
      [fixture("payment-intent-requires-action"), { status: "pending" }],
      [intentWith({ status: "requires_confirmation" }), { status: "pending" }],
    ];
    for (const [intent, expected] of cases) {
      const { gateway, sent } = fakeStripe([ok(intent)]);
      expect(await lookup(gateway, intent.id as string)).toEqual(expected);
      expect(sent[0]).toMatchObject({ method: "GET", path: `/v1/payment_intents/${intent.id as string}` });
    }
  });

  it("answers not_found for a PaymentIntent Stripe does not know", async () => {
    const { gateway } = fakeStripe([failure(404, fixture("error-resource-missing"))]);
    expect(await lookup(gateway, "pi_gone")).toEqual({ status: "not_found" });
  });

  it("searches by metadata reference when the id is not known; nothing found is not_found", async () => {
    const found = fakeStripe([ok(fixture("payment-intent-search"))]);
    expect(await lookup(found.gateway, null)).toEqual({ status: "succeeded", gatewayReference: "pi_3QdT1a2eZvKYlo2C0k1W8p9x" });
    expect(found.sent[0]).toMatchObject({ method: "GET", path: "/v1/payment_intents/search", query: { query: "metadata['reference']:'ord_01:pay_01'", limit: "10" } });
    const none = fakeStripe([ok({ ...fixture("payment-intent-search"), data: [] })]);
    expect(await lookup(none.gateway, null)).toEqual({ status: "not_found" });
  });

  it("prefers a succeeded PaymentIntent among several with the same reference", async () => {
    const search = fixture("payment-intent-search");
    const older = (search.data as Json[])[0]!;
    const newerDeclined = { ...older, id: "pi_newer", created: (older.created as number) + 60, status: "requires_payment_method", last_payment_error: { type: "card_error", code: "card_declined", decline_code: "generic_decline" } };
    const { gateway } = fakeStripe([ok({ ...search, data: [newerDeclined, older] })]);
    expect(await lookup(gateway, null)).toEqual({ status: "succeeded", gatewayReference: older.id });
  });
});

describe("Stripe gateway: card setup on Stripe Checkout", () => {
  const start = { reference: "acc_01:setup_01", customer: null, email: "ops@acme.example", returnUrl: "https://panel.example.com/billing/cards/return", cancelUrl: "https://panel.example.com/billing/cards" };

  it("creates a customer when there is none, then a setup-mode Checkout Session, each with an idempotency key", async () => {
    const { gateway, sent } = fakeStripe([ok(fixture("customer")), ok(fixture("checkout-session-setup-open"))]);
    expect(await setupOf(gateway).start(start)).toEqual({ redirectUrl: fixture("checkout-session-setup-open").url });
    expect(sent.map((s) => [s.method, s.path, s.idempotencyKey])).toEqual([
      ["POST", "/v1/customers", "acc_01:setup_01:customer"],
      ["POST", "/v1/checkout/sessions", "acc_01:setup_01:checkout"],
    ]);
    expect(sent[0]!.form).toEqual({ email: "ops@acme.example", "metadata[reference]": "acc_01:setup_01" });
    expect(sent[1]!.form).toEqual({
      mode: "setup",
      customer: "cus_RkZ2nH8vQw3tLp",
      "allowed_payment_method_types[0]": "card",
      success_url: "https://panel.example.com/billing/cards/return?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://panel.example.com/billing/cards",
      "metadata[reference]": "acc_01:setup_01",
    });
  });

  it("reuses the card holder's customer and appends the session id to a return URL that has a query", async () => {
    const { gateway, sent } = fakeStripe([ok(fixture("checkout-session-setup-open"))]);
    await setupOf(gateway).start({ ...start, customer: "cus_existing", returnUrl: "https://panel.example.com/billing/cards/return?account=acc_01" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form).toMatchObject({ customer: "cus_existing", success_url: "https://panel.example.com/billing/cards/return?account=acc_01&session_id={CHECKOUT_SESSION_ID}" });
  });

  it("finishes with the card of the completed session's SetupIntent, its customer and our reference", async () => {
    const { gateway, sent } = fakeStripe([ok(fixture("checkout-session-setup-complete"))]);
    expect(await setupOf(gateway).finish("cs_test_c1Kd8fQ2mZrT5vXb0Nw3yLp7HsA9eG4jU6oI2qWcE1tRnMzB")).toEqual({
      token: "pm_1QdT9j2eZvKYlo2Cb7VnR2dK",
      customer: "cus_RkZ2nH8vQw3tLp",
      brand: "mastercard",
      lastFour: "4444",
      expMonth: 11,
      expYear: 2030,
      reference: "acc_01:setup_01",
    });
    expect(sent[0]).toMatchObject({ method: "GET", path: "/v1/checkout/sessions/cs_test_c1Kd8fQ2mZrT5vXb0Nw3yLp7HsA9eG4jU6oI2qWcE1tRnMzB", query: { "expand[0]": "setup_intent.payment_method" } });
  });

  it("refuses a session that is not complete, or that this portal did not start", async () => {
    const open = { ...fixture("checkout-session-setup-complete"), status: "open" };
    await expect(setupOf(fakeStripe([ok(open)]).gateway).finish("cs_open")).rejects.toThrow(/not a completed card setup/);
    const foreign = { ...fixture("checkout-session-setup-complete"), metadata: {} };
    await expect(setupOf(fakeStripe([ok(foreign)]).gateway).finish("cs_foreign")).rejects.toThrow(/no reference/);
  });

  it("appends a query before a fragment and after an existing query", () => {
    expect(withQuery("https://a.example/r", "x=1")).toBe("https://a.example/r?x=1");
    expect(withQuery("https://a.example/r?y=2", "x=1")).toBe("https://a.example/r?y=2&x=1");
    expect(withQuery("https://a.example/r?", "x=1")).toBe("https://a.example/r?x=1");
    expect(withQuery("https://a.example/r?y=2#cards", "x=1")).toBe("https://a.example/r?y=2&x=1#cards");
  });
});

describe("Stripe gateway: remove card and refund", () => {
  const card = { token: "pm_1QdT9j2eZvKYlo2Cb7VnR2dK", customer: "cus_RkZ2nH8vQw3tLp" };

  it("detaches the payment method; one Stripe no longer knows is not an error, a failure is", async () => {
    const detached = fakeStripe([ok(fixture("payment-method-detached"))]);
    await detached.gateway.removeCard(card);
    expect(detached.sent[0]).toMatchObject({ method: "POST", path: "/v1/payment_methods/pm_1QdT9j2eZvKYlo2Cb7VnR2dK/detach" });
    await expect(fakeStripe([failure(404, fixture("error-resource-missing"))]).gateway.removeCard(card)).resolves.toBeUndefined();
    await expect(fakeStripe([failure(500, { error: { type: "api_error", message: "An unknown error occurred" } })]).gateway.removeCard(card)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
  });

  it("refunds part of a PaymentIntent in minor units with the refund's reference as idempotency key", async () => {
    const { gateway, sent } = fakeStripe([ok(fixture("refund"))]);
    expect(await gateway.refund({ gatewayReference: "pi_3QdT1a2eZvKYlo2C0k1W8p9x", amount: new Prisma.Decimal("5.00"), currency: "EUR", reference: "refund:ord_01:1" })).toEqual({ refundReference: "re_3QdT1a2eZvKYlo2C0pL4sX9c" });
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/refunds", idempotencyKey: "refund:ord_01:1" });
    expect(sent[0]!.form).toEqual({ payment_intent: "pi_3QdT1a2eZvKYlo2C0k1W8p9x", amount: "500" });
  });
});

describe("Stripe amounts", () => {
  it("sends each currency in Stripe's minor unit and refuses an amount Stripe cannot take exactly", () => {
    const amount = (value: string, currency: string) => toStripeAmount(new Prisma.Decimal(value), currency);
    expect(amount("12.50", "EUR")).toBe(1250);
    expect(amount("0.1", "USD")).toBe(10);
    expect(amount("1500", "JPY")).toBe(1500);
    expect(amount("5.12", "KWD")).toBe(5120);
    expect(amount("500", "ISK")).toBe(50000);
    expect(amount("990", "HUF")).toBe(99000);
    expect(() => amount("12.345", "EUR")).toThrow(/cannot be sent to Stripe/);
    expect(() => amount("1500.5", "JPY")).toThrow(/cannot be sent to Stripe/);
    expect(() => amount("12.50", "MGA")).toThrow(/cannot be sent to Stripe/);
    expect(() => amount("5.125", "KWD")).toThrow(/cannot be sent to Stripe/);
    expect(() => amount("500.50", "ISK")).toThrow(/cannot be sent to Stripe/);
    expect(() => amount("-1", "EUR")).toThrow(/cannot be sent to Stripe/);
  });
});

describe("Stripe gateway: webhook", () => {
  const event = (type: string, object: Json) =>
    JSON.stringify({ id: "evt_3QdTA12eZvKYlo2C1uV0bN5x", object: "event", api_version: Stripe.API_VERSION, created: 1795868800, data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type });
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) => Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
  const webhookOf = (gateway: CardGateway) => gateway.webhook!;

  it("reads a signed payment_intent.succeeded as the payment's success by our reference", () => {
    const payload = event("payment_intent.succeeded", fixture("payment-intent-succeeded"));
    expect(webhookOf(fakeStripe([]).gateway).parse(payload, sign(payload))).toEqual({
      kind: "payment",
      reference: "ord_01:pay_01",
      gatewayReference: "pi_3QdT1a2eZvKYlo2C0k1W8p9x",
      outcome: { status: "succeeded", gatewayReference: "pi_3QdT1a2eZvKYlo2C0k1W8p9x" },
    });
  });

  it("reads payment_intent.payment_failed with its last payment error mapped like a charge", () => {
    const intent = (fixture("error-card-declined-insufficient-funds").error as { payment_intent: Json }).payment_intent;
    const payload = event("payment_intent.payment_failed", intent);
    expect(webhookOf(fakeStripe([]).gateway).parse(payload, sign(payload))).toEqual({
      kind: "payment",
      reference: "ord_02:pay_02",
      gatewayReference: "pi_3QdT6k2eZvKYlo2C0mQ1fZ4r",
      outcome: { status: "failed", code: "insufficient_funds", reason: INSUFFICIENT_FUNDS_REASON, gatewayReference: "pi_3QdT6k2eZvKYlo2C0mQ1fZ4r" },
    });
  });

  it("ignores payments without our reference and every other event type", () => {
    const webhook = webhookOf(fakeStripe([]).gateway);
    const foreign = event("payment_intent.succeeded", intentWith({ metadata: {} }));
    expect(webhook.parse(foreign, sign(foreign))).toEqual({ kind: "ignored", type: "payment_intent.succeeded" });
    const other = event("payment_intent.created", fixture("payment-intent-requires-action"));
    expect(webhook.parse(other, sign(other))).toEqual({ kind: "ignored", type: "payment_intent.created" });
  });

  it("refuses a tampered body, another secret, a missing header and an old timestamp", () => {
    const webhook = webhookOf(fakeStripe([]).gateway);
    const payload = event("payment_intent.succeeded", fixture("payment-intent-succeeded"));
    const tampered = payload.replace('"amount":1250', '"amount":1');
    expect(tampered).not.toBe(payload);
    expect(() => webhook.parse(tampered, sign(payload))).toThrow(WebhookSignatureError);
    expect(() => webhook.parse(payload, sign(payload, { secret: "whsec_someone_else" }))).toThrow(WebhookSignatureError);
    expect(() => webhook.parse(payload, null)).toThrow(new WebhookSignatureError("The webhook has no Stripe-Signature header"));
    expect(() => webhook.parse(payload, "")).toThrow(new WebhookSignatureError("The webhook has no Stripe-Signature header"));
    expect(() => webhook.parse(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }))).toThrow(WebhookSignatureError);
    // The same payload, freshly signed, passes: the refusals above are the signature's.
    expect(webhook.parse(payload, sign(payload)).kind).toBe("payment");
  });

  it("has no webhook without a webhook secret", () => {
    expect(fakeStripe([], { webhookSecret: null }).gateway.webhook).toBeUndefined();
  });
});
