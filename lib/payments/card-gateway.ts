import type { Prisma } from "@/lib/generated/prisma/client";
import type { ChargeLookup, ChargeRequest, PaymentGateway } from "./payment-gateway";

/**
 * What the panel and the reseller portal need from a card processor beyond the off-session charge
 * of PaymentGateway (orders, renewals): paying with the card holder present (3-D Secure by a
 * redirect to the gateway's challenge), saving and removing cards, refunds and the gateway's
 * webhook. Two adapters: the test-card gateway (embedded default, no network) and Stripe
 * (`STRIPE_SECRET_KEY`), docs/payments.md.
 */
export interface CardGateway extends PaymentGateway {
  /** A gateway that moves no real money: the portals show a "test mode" badge. */
  readonly testMode: boolean;
  /**
   * A payment with the card holder present. `returnUrl` is where the gateway sends the browser
   * after a 3-D Secure challenge; the payment's outcome is then asked with `lookup`.
   * Never throws for a refused card; a thrown error means the gateway could not be reached.
   */
  pay(request: PaymentRequest): Promise<PaymentStart>;
  /** How a card is saved: typed into our form (test gateway only) or on the gateway's own page. */
  readonly cardSetup: FormCardSetup | RedirectCardSetup;
  /** Abandon a payment still waiting for its holder's authentication; throws when it can no longer be cancelled (it went through meanwhile). */
  cancel(gatewayReference: string): Promise<void>;
  /** Forget a saved card at the gateway (Stripe: detach). A card the gateway no longer knows is not an error. */
  removeCard(card: { token: string; customer: string | null }): Promise<void>;
  /** Give back `amount` of a succeeded payment; `reference` is the idempotency key. */
  refund(request: RefundRequest): Promise<{ refundReference: string }>;
  /** Present when the gateway sends signed webhooks: checks the signature, throws WebhookSignatureError when it fails. */
  readonly webhook?: { parse(rawBody: string, signature: string | null): GatewayEvent };
}

export interface PaymentRequest extends ChargeRequest {
  returnUrl: string;
}

export type PaymentStart =
  | { status: "succeeded"; gatewayReference: string }
  | { status: "failed"; code: "declined" | "insufficient_funds" | "error"; reason: string; gatewayReference: string | null }
  /** The bank wants the holder to authenticate: send the browser to `redirectUrl`. */
  | { status: "requires_action"; gatewayReference: string; redirectUrl: string };

/** A card as the gateway saved it; never the number. */
export interface SavedCard {
  token: string;
  /** The gateway's customer the card belongs to (Stripe `cus_…`), null when the gateway has none. */
  customer: string | null;
  brand: string | null;
  lastFour: string;
  expMonth: number;
  expYear: number;
}

/** Card details typed into our own form: only the test gateway takes them (no real card data ever reaches us). */
export interface CardForm {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface FormCardSetup {
  mode: "form";
  /** Refuses (CardFormError) a number the gateway does not accept. */
  save(card: CardForm): Promise<SavedCard>;
}

export interface RedirectCardSetup {
  mode: "redirect";
  /** Opens the gateway's card page; `reference` comes back from `finish` so the caller can check whose setup it was. */
  start(request: { reference: string; customer: string | null; email: string | null; returnUrl: string; cancelUrl: string }): Promise<{ redirectUrl: string }>;
  /** The card saved on the page `setupReference` names (the id the gateway put on the return URL). */
  finish(setupReference: string): Promise<SavedCard & { reference: string }>;
}

export interface RefundRequest {
  gatewayReference: string;
  amount: Prisma.Decimal;
  currency: string;
  reference: string;
}

/** What a verified webhook says: a payment's outcome by our reference, or nothing we act on. */
export type GatewayEvent = { kind: "payment"; reference: string; gatewayReference: string; outcome: ChargeLookup } | { kind: "ignored"; type: string };

export class WebhookSignatureError extends Error {
  constructor(message = "The webhook's signature does not match") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** A card number, expiry or CVC the gateway will not save; `field` names the form field. */
export class CardFormError extends Error {
  constructor(
    readonly field: "number" | "expiry" | "cvc",
    message: string,
  ) {
    super(message);
    this.name = "CardFormError";
  }
}
