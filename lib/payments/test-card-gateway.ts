import { createHash, randomBytes } from "node:crypto";
import { CardFormError, type CardForm, type CardGateway, type PaymentRequest, type PaymentStart, type SavedCard } from "./card-gateway";
import type { ChargeLookup, ChargeOutcome, ChargeRequest, LookupRequest } from "./payment-gateway";

/**
 * The built-in test gateway (`PaymentMethod.gateway = "test"`): deterministic outcomes by card,
 * never any network. A saved card's token is `tok_test_<card number>` (or any token, when the
 * stored last four decide). The well-known test numbers:
 *
 * | card number        | last four | outcome |
 * |--------------------|-----------|---------|
 * | 4242 4242 4242 4242 | 4242     | success |
 * | 4000 0000 0000 0002 | 0002     | declined: `Your card was declined` |
 * | 4000 0000 0000 9995 | 9995     | insufficient funds: `Your card has insufficient funds` |
 * | 4000 0000 0000 0119 | 0119     | gateway error: `The payment gateway could not be reached; try again later` |
 * | 4000 0027 6000 3184 | 3184     | 3-D Secure required: with the holder present (`pay`) the browser goes to our
 * |                     |          | test challenge page (/pay/test-3ds), where Authenticate succeeds and Fail declines;
 * |                     |          | off-session (`charge`) it is declined, as a bank does without the holder |
 *
 * Any other card succeeds. The gateway reference is derived from the request's reference, so the
 * same attempt always gets the same reference (like a real gateway's idempotency key).
 *
 * `lookup` answers from the references this process has charged (the last 10,000): the outcome
 * the charge had, or `not_found` for a reference never charged (the gateway was never reached).
 */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  gatewayError: "4000000000000119",
  threeDSecure: "4000002760003184",
} as const;

export const AUTHENTICATION_REQUIRED_REASON = "Your bank asked for authentication, which needs you present; pay from the billing page";
export const AUTHENTICATION_FAILED_REASON = "The card's authentication failed";

export const DECLINED_REASON = "Your card was declined";
export const INSUFFICIENT_FUNDS_REASON = "Your card has insufficient funds";
export const GATEWAY_ERROR_REASON = "The payment gateway could not be reached; try again later";

/** The token the test gateway hands out for a card number. */
export function testCardToken(cardNumber: string): string {
  return `tok_test_${cardNumber.replace(/\s+/g, "")}`;
}

function lastFourOf(request: ChargeRequest): string | null {
  const m = /^tok_test_(\d{12,19})$/.exec(request.token);
  if (m) return m[1]!.slice(-4);
  return request.cardLastFour;
}

const CHARGED_KEPT = 10_000;

interface TestGatewayMemory {
  /** Outcomes by our reference, oldest first (a Map keeps insertion order). */
  charged: Map<string, ChargeOutcome>;
  /** 3-D Secure challenges waiting for the holder, by the gateway reference: our reference and where the browser returns. */
  challenges: Map<string, { reference: string; returnUrl: string }>;
}
// One memory per process: the Next bundle and server.ts load this module twice (two module graphs),
// and the challenge page must see the payments the portal started.
const memory: TestGatewayMemory = ((globalThis as { __rackfrontTestGateway?: TestGatewayMemory }).__rackfrontTestGateway ??= {
  charged: new Map(),
  challenges: new Map(),
});
const charged = memory.charged;

function remember(reference: string, outcome: ChargeOutcome): ChargeOutcome {
  // A gateway that could not be reached has no record of the attempt.
  if (!outcome.ok && outcome.code === "error") return outcome;
  charged.delete(reference);
  charged.set(reference, outcome);
  if (charged.size > CHARGED_KEPT) charged.delete(charged.keys().next().value!);
  return outcome;
}

/** The path of the test gateway's 3-D Secure page (app/pay/test-3ds). */
export const TEST_CHALLENGE_PATH = "/pay/test-3ds";

export const testCardGateway: CardGateway & { completeChallenge(gatewayReference: string, authenticated: boolean): { returnUrl: string } | null } = {
  name: "test",
  testMode: true,
  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    if (isThreeDSecure(request)) return remember(request.reference, { ok: false, code: "declined", reason: AUTHENTICATION_REQUIRED_REASON, gatewayReference: referenceOf(request) });
    return remember(request.reference, decide(request));
  },
  async pay(request: PaymentRequest): Promise<PaymentStart> {
    const earlier = charged.get(request.reference);
    if (earlier) return startOf(earlier);
    if (!isThreeDSecure(request)) return startOf(remember(request.reference, decide(request)));
    const gatewayReference = referenceOf(request);
    const returnUrl = new URL(request.returnUrl);
    memory.challenges.set(gatewayReference, { reference: request.reference, returnUrl: returnUrl.href });
    const challenge = new URL(TEST_CHALLENGE_PATH, returnUrl.origin);
    challenge.searchParams.set("payment", gatewayReference);
    return { status: "requires_action", gatewayReference, redirectUrl: challenge.href };
  },
  async lookup(request: LookupRequest): Promise<ChargeLookup> {
    const outcome = charged.get(request.reference);
    if (!outcome) return request.gatewayReference && memory.challenges.has(request.gatewayReference) ? { status: "pending" } : { status: "not_found" };
    return outcome.ok ? { status: "succeeded", gatewayReference: outcome.gatewayReference } : { status: "failed", code: outcome.code, reason: outcome.reason, gatewayReference: outcome.gatewayReference };
  },
  /** The holder's answer on the challenge page: the outcome is remembered, the browser goes back to the portal. */
  completeChallenge(gatewayReference: string, authenticated: boolean) {
    const challenge = memory.challenges.get(gatewayReference);
    if (!challenge) return null;
    const { reference, returnUrl } = challenge;
    memory.challenges.delete(gatewayReference);
    remember(reference, authenticated ? { ok: true, gatewayReference } : { ok: false, code: "declined", reason: AUTHENTICATION_FAILED_REASON, gatewayReference });
    return { returnUrl };
  },
  cardSetup: {
    mode: "form",
    async save(card: CardForm): Promise<SavedCard> {
      const number = card.number.replace(/[\s-]+/g, "");
      if (!/^\d{12,19}$/.test(number) || !luhn(number)) throw new CardFormError("number", "Enter a valid card number, for example 4242 4242 4242 4242");
      if (!TEST_NUMBERS.has(number)) throw new CardFormError("number", "Test mode takes only the test cards listed on this page; never enter a real card");
      if (!(card.expMonth >= 1 && card.expMonth <= 12) || !(card.expYear >= 2000 && card.expYear <= 2100)) throw new CardFormError("expiry", "Enter the expiry as MM/YY");
      const today = new Date();
      if (card.expYear < today.getUTCFullYear() || (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)) throw new CardFormError("expiry", "This card has expired");
      if (!/^\d{3,4}$/.test(card.cvc)) throw new CardFormError("cvc", "Enter the 3 or 4 digits on the back of the card");
      // The token names no card number: the outcome is decided by the last four, stored beside it.
      return { token: `tok_test_${randomBytes(12).toString("hex")}`, customer: null, brand: number.startsWith("5") ? "mastercard" : "visa", lastFour: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
    },
  },
  async cancel(gatewayReference: string) {
    const challenge = memory.challenges.get(gatewayReference);
    if (!challenge) {
      if ([...charged.values()].some((o) => o.ok && o.gatewayReference === gatewayReference)) throw new Error("The payment went through and cannot be cancelled");
      return;
    }
    memory.challenges.delete(gatewayReference);
    remember(challenge.reference, { ok: false, code: "declined", reason: "The payment was cancelled", gatewayReference });
  },
  async removeCard() {},
  async refund(request) {
    return { refundReference: `test_re_${createHash("sha256").update(request.reference).digest("hex").slice(0, 24)}` };
  },
};

const TEST_NUMBERS = new Set<string>([...Object.values(TEST_CARDS), "5555555555554444"]);

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const referenceOf = (request: ChargeRequest) => `test_ch_${createHash("sha256").update(request.reference).digest("hex").slice(0, 24)}`;
const isThreeDSecure = (request: ChargeRequest) => lastFourOf(request) === TEST_CARDS.threeDSecure.slice(-4);
const startOf = (outcome: ChargeOutcome): PaymentStart =>
  outcome.ok ? { status: "succeeded", gatewayReference: outcome.gatewayReference } : { status: "failed", code: outcome.code, reason: outcome.reason, gatewayReference: outcome.gatewayReference };

function decide(request: ChargeRequest): ChargeOutcome {
  const ref = referenceOf(request);
  if (request.amount.isNegative()) return { ok: false, code: "error", reason: "Amount must not be negative", gatewayReference: null };
  switch (lastFourOf(request)) {
    case TEST_CARDS.declined.slice(-4):
      return { ok: false, code: "declined", reason: DECLINED_REASON, gatewayReference: ref };
    case TEST_CARDS.insufficientFunds.slice(-4):
      return { ok: false, code: "insufficient_funds", reason: INSUFFICIENT_FUNDS_REASON, gatewayReference: ref };
    case TEST_CARDS.gatewayError.slice(-4):
      return { ok: false, code: "error", reason: GATEWAY_ERROR_REASON, gatewayReference: null };
    default:
      return { ok: true, gatewayReference: ref };
  }
}
