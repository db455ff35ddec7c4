import Stripe from "stripe";
import type { Prisma } from "@/lib/generated/prisma/client";
import { WebhookSignatureError, type CardGateway, type GatewayEvent, type PaymentRequest, type PaymentStart, type RefundRequest, type SavedCard } from "./card-gateway";
import type { ChargeLookup, ChargeOutcome, ChargeRequest, LookupRequest } from "./payment-gateway";
import { AUTHENTICATION_FAILED_REASON, AUTHENTICATION_REQUIRED_REASON, DECLINED_REASON, GATEWAY_ERROR_REASON, INSUFFICIENT_FUNDS_REASON } from "./test-card-gateway";

/**
 * The Stripe card gateway (`PaymentMethod.gateway = "stripe"`), on the official SDK: payments are
 * PaymentIntents confirmed on the server with a card saved through Stripe Checkout (setup mode);
 * our reference travels as `metadata.reference` and as the idempotency key. docs/payments.md
 * "Stripe gateway" has the configuration, the webhook and what each call sends.
 */
export interface StripeGatewayOptions {
  /** STRIPE_SECRET_KEY: `sk_live_…`, `sk_test_…` or a restricted key (`rk_…`). */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET (`whsec_…`); without it the gateway has no webhook. */
  webhookSecret: string | null;
  /** Tests answer from recorded responses (Stripe.createFetchHttpClient); the default is Node's HTTP client. */
  httpClient?: Stripe.HttpClient;
}

export const EXPIRED_CARD_REASON = "Your card has expired; add a new card";
export const PAYMENT_CANCELED_REASON = "The payment was cancelled before the card was charged";
export const PAYMENT_INCOMPLETE_REASON = "The payment was not completed; the card was not charged";
export const UNSUPPORTED_ACTION_REASON = "Your bank asked for a step this portal cannot show; try another card";

/** Per attempt (up to 3 with the retries): Stripe answers in well under a second; a charge must not hold an order for the SDK's 80 s default. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Search results kept per reference: one PaymentIntent per reference, more only when a retry outlived Stripe's 24 h idempotency window. */
const SEARCH_LIMIT = 10;

export function createStripeGateway(options: StripeGatewayOptions): CardGateway {
  if (!/^(sk|rk)_(live|test)_/.test(options.secretKey)) throw new Error("STRIPE_SECRET_KEY must be a secret key (sk_live_…, sk_test_…) or a restricted key (rk_…)");
  // With retries on, the SDK resends a POST with the same Idempotency-Key (ours where we give one),
  // so a request whose answer was lost is never applied twice.
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: REQUEST_TIMEOUT_MS,
    appInfo: { name: "Rackfront" },
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });
  const webhookSecret = options.webhookSecret;

  const gateway: CardGateway = {
    name: "stripe",
    testMode: /^(sk|rk)_test_/.test(options.secretKey),

    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            ...intentParams(request),
            off_session: true,
            confirm: true,
            // Without the holder there is no browser to come back to: a payment method that would
            // redirect is refused, so Stripe does not ask for a return_url. A card's 3-D Secure is
            // not a redirect method; off-session it fails as `authentication_required`.
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          },
          { idempotencyKey: request.reference },
        );
      } catch (err) {
        const refused = cardRefusal(err);
        if (refused) return { ok: false, ...refused };
        throw err;
      }
      const found = lookupOf(intent);
      if (found.status === "succeeded") return { ok: true, gatewayReference: intent.id };
      if (found.status === "failed") return { ok: false, code: found.code, reason: found.reason, gatewayReference: found.gatewayReference };
      if (intent.status === "requires_action") return { ok: false, code: "declined", reason: AUTHENTICATION_REQUIRED_REASON, gatewayReference: intent.id };
      // `processing`: ChargeOutcome has no "pending", and neither answer it has is true (the card
      // may still be charged or refused). Thrown, chargeSafely records a gateway error; the
      // payment_intent.succeeded / payment_failed webhook carries the final outcome by reference.
      throw new Error(`Stripe left PaymentIntent ${intent.id} ${intent.status}; its outcome comes by webhook`);
    },

    async pay(request: PaymentRequest): Promise<PaymentStart> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create({ ...intentParams(request), confirm: true, return_url: request.returnUrl }, { idempotencyKey: request.reference });
      } catch (err) {
        const refused = cardRefusal(err);
        if (refused) return { status: "failed", ...refused };
        throw err;
      }
      if (intent.status === "requires_action") {
        const redirectUrl = intent.next_action?.redirect_to_url?.url;
        if (redirectUrl) return { status: "requires_action", gatewayReference: intent.id, redirectUrl };
        // Another kind of next action (a wallet, a QR code) needs Stripe.js; unconfirmed, it moves no money.
        return { status: "failed", code: "declined", reason: UNSUPPORTED_ACTION_REASON, gatewayReference: intent.id };
      }
      // `processing` (the bank has not answered yet, rare for cards): neither succeeded (the
      // services would be delivered for a payment that may still fail) nor failed (the holder would
      // pay again while the first payment may still go through). The browser is sent straight to
      // returnUrl, whose page asks `lookup` like after a 3-D Secure challenge: `pending` until
      // Stripe decides, then the webhook or the reconciliation settles the payment.
      if (intent.status === "processing") return { status: "requires_action", gatewayReference: intent.id, redirectUrl: request.returnUrl };
      const found = lookupOf(intent);
      if (found.status === "succeeded" || found.status === "failed") return found;
      return { status: "failed", code: "error", reason: GATEWAY_ERROR_REASON, gatewayReference: intent.id };
    },

    async lookup(request: LookupRequest): Promise<ChargeLookup> {
      if (request.gatewayReference) {
        try {
          return lookupOf(await stripe.paymentIntents.retrieve(request.gatewayReference));
        } catch (err) {
          if (isResourceMissing(err)) return { status: "not_found" };
          throw err;
        }
      }
      // Search is eventually consistent (a new PaymentIntent is found within about a minute); the
      // reconciliation asks only about payments left processing for 10 minutes.
      const found = await stripe.paymentIntents.search({ query: `metadata['reference']:'${searchString(request.reference)}'`, limit: SEARCH_LIMIT });
      const answers = [...found.data].sort((a, b) => b.created - a.created).map(lookupOf);
      return answers.find((a) => a.status === "succeeded") ?? answers.find((a) => a.status === "pending") ?? answers[0] ?? { status: "not_found" };
    },

    cardSetup: {
      mode: "redirect",
      async start(request) {
        const customer =
          request.customer ??
          (await stripe.customers.create({ ...(request.email ? { email: request.email } : {}), metadata: { reference: request.reference } }, { idempotencyKey: `${request.reference}:customer` })).id;
        const session = await stripe.checkout.sessions.create(
          {
            mode: "setup",
            customer,
            // Since API 2026-09-30 `allowed_payment_method_types` replaces `payment_method_types`; with it, setup mode needs no currency.
            allowed_payment_method_types: ["card"],
            success_url: withQuery(request.returnUrl, "session_id={CHECKOUT_SESSION_ID}"),
            cancel_url: request.cancelUrl,
            metadata: { reference: request.reference },
          },
          { idempotencyKey: `${request.reference}:checkout` },
        );
        if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
        return { redirectUrl: session.url };
      },
      async finish(setupReference) {
        const session = await stripe.checkout.sessions.retrieve(setupReference, { expand: ["setup_intent.payment_method"] });
        if (session.mode !== "setup" || session.status !== "complete") throw new Error(`Checkout Session ${session.id} is not a completed card setup (${session.mode}, ${session.status})`);
        const setupIntent = session.setup_intent;
        if (!setupIntent || typeof setupIntent === "string" || setupIntent.status !== "succeeded") throw new Error(`Checkout Session ${session.id} has no succeeded SetupIntent`);
        const method = setupIntent.payment_method;
        if (!method || typeof method === "string" || !method.card) throw new Error(`Checkout Session ${session.id} saved no card`);
        const reference = session.metadata?.reference;
        if (!reference) throw new Error(`Checkout Session ${session.id} has no reference: it was not started by this portal`);
        const card: SavedCard = {
          token: method.id,
          customer: idOf(session.customer) ?? idOf(method.customer),
          brand: method.card.brand ?? null,
          lastFour: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        };
        return { ...card, reference };
      },
    },

    async cancel(gatewayReference: string) {
      // Stripe refuses to cancel a PaymentIntent that succeeded meanwhile (payment_intent_unexpected_state): that throws, as the interface asks.
      try {
        await stripe.paymentIntents.cancel(gatewayReference, { cancellation_reason: "abandoned" });
      } catch (err) {
        if (!isResourceMissing(err)) throw err;
      }
    },

    async removeCard(card) {
      try {
        await stripe.paymentMethods.detach(card.token);
      } catch (err) {
        if (!isResourceMissing(err)) throw err;
      }
    },

    async refund(request: RefundRequest) {
      const refund = await stripe.refunds.create({ payment_intent: request.gatewayReference, amount: toStripeAmount(request.amount, request.currency) }, { idempotencyKey: request.reference });
      return { refundReference: refund.id };
    },

    ...(webhookSecret ? { webhook: { parse: (rawBody: string, signature: string | null) => parseEvent(stripe, webhookSecret, rawBody, signature) } } : {}),
  };
  return gateway;
}

function intentParams(request: ChargeRequest): Stripe.PaymentIntentCreateParams {
  return {
    amount: toStripeAmount(request.amount, request.currency),
    currency: request.currency.toLowerCase(),
    // A card saved through Checkout belongs to its customer: Stripe refuses it without the customer.
    ...(request.customer ? { customer: request.customer } : {}),
    payment_method: request.token,
    description: request.description,
    metadata: { reference: request.reference },
  };
}

/** The webhook's event, verified with the endpoint's secret (and Stripe's 5-minute tolerance on its timestamp). */
function parseEvent(stripe: Stripe, secret: string, rawBody: string, signature: string | null): GatewayEvent {
  if (!signature) throw new WebhookSignatureError("The webhook has no Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(err.message);
    throw err;
  }
  if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") return { kind: "ignored", type: event.type };
  const intent = event.data.object;
  const reference = intent.metadata?.reference;
  // A payment this portal did not start (the Dashboard, another integration on the account).
  if (!reference) return { kind: "ignored", type: event.type };
  const outcome: ChargeLookup =
    event.type === "payment_intent.succeeded"
      ? { status: "succeeded", gatewayReference: intent.id }
      : { status: "failed", ...(intent.last_payment_error ? refusalOf(intent.last_payment_error) : { code: "declined", reason: DECLINED_REASON }), gatewayReference: intent.id };
  return { kind: "payment", reference, gatewayReference: intent.id, outcome };
}

/** What a PaymentIntent's status says about the payment. */
function lookupOf(intent: Stripe.PaymentIntent): ChargeLookup {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", gatewayReference: intent.id };
    case "requires_payment_method":
      // Created with confirm: true, so an intent back at requires_payment_method was refused;
      // without an error it was never attempted (nothing was charged either way).
      return { status: "failed", ...(intent.last_payment_error ? refusalOf(intent.last_payment_error) : { code: "error", reason: PAYMENT_INCOMPLETE_REASON }), gatewayReference: intent.id };
    case "canceled":
      return { status: "failed", ...(intent.last_payment_error ? refusalOf(intent.last_payment_error) : { code: "error", reason: PAYMENT_CANCELED_REASON }), gatewayReference: intent.id };
    default:
      // processing, requires_action (the holder is at the 3-D Secure page), requires_confirmation,
      // requires_capture, and any status a later API version adds: ask again later.
      return { status: "pending" };
  }
}

type Refusal = { code: "declined" | "insufficient_funds" | "error"; reason: string };

/** A card error thrown by the SDK (402), as an outcome with the PaymentIntent it left; any other error is not a refusal. */
function cardRefusal(err: unknown): (Refusal & { gatewayReference: string | null }) | null {
  if (!(err instanceof Stripe.errors.StripeCardError)) return null;
  return { ...refusalOf(err), gatewayReference: err.payment_intent?.id ?? null };
}

/** Stripe's error code and the issuer's decline code, as the sentences the portals show (the test gateway's). */
function refusalOf(error: { code?: string; decline_code?: string }): Refusal {
  if (error.decline_code === "insufficient_funds") return { code: "insufficient_funds", reason: INSUFFICIENT_FUNDS_REASON };
  if (error.code === "authentication_required" || error.decline_code === "authentication_required") return { code: "declined", reason: AUTHENTICATION_REQUIRED_REASON };
  if (error.code === "payment_intent_authentication_failure") return { code: "declined", reason: AUTHENTICATION_FAILED_REASON };
  if (error.code === "expired_card") return { code: "declined", reason: EXPIRED_CARD_REASON };
  // Stripe's own processing failure: nothing is said about the card, another attempt may pass.
  if (error.code === "processing_error") return { code: "error", reason: GATEWAY_ERROR_REASON };
  return { code: "declined", reason: DECLINED_REASON };
}

function isResourceMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing";
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** `url` with `query` appended as-is (Stripe fills in `{CHECKOUT_SESSION_ID}`, so the braces stay unencoded), before any fragment. */
export function withQuery(url: string, query: string): string {
  const hash = url.indexOf("#");
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? "" : url.slice(hash);
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${separator}${query}${fragment}`;
}

/** A value inside a single-quoted Search Query Language string. */
function searchString(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
}

// Stripe's minor units, which are not all ISO 4217's (lib/pricing/currency-digits.ts): MGA is sent
// without decimals; ISK with two, in whole krónur; three-decimal currencies in multiples of ten.
const ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

/**
 * `amount` as the integer Stripe expects in `currency` (12.50 EUR → 1250, 1500 JPY → 1500,
 * 5.12 KWD → 5120). An amount Stripe cannot take exactly throws: charging a rounded amount would
 * take a different sum from the one on the invoice.
 */
export function toStripeAmount(amount: Prisma.Decimal, currency: string): number {
  const code = currency.toUpperCase();
  const places = ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
  const step = THREE_DECIMAL.has(code) ? 10 : code === "ISK" ? 100 : 1;
  const minor = amount.times(10 ** places);
  if (amount.isNegative() || !minor.isInteger() || !minor.modulo(step).isZero()) {
    throw new Error(`${amount.toFixed()} ${code} cannot be sent to Stripe, which takes ${code} in steps of ${step}/${10 ** places}`);
  }
  return minor.toNumber();
}
