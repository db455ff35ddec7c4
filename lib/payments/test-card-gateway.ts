import { createHash } from "node:crypto";
import type { ChargeLookup, ChargeOutcome, ChargeRequest, LookupRequest, PaymentGateway } from "./payment-gateway";

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
} as const;

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
/** Outcomes by our reference, oldest first (a Map keeps insertion order). */
const charged = new Map<string, ChargeOutcome>();

function remember(reference: string, outcome: ChargeOutcome): ChargeOutcome {
  // A gateway that could not be reached has no record of the attempt.
  if (!outcome.ok && outcome.code === "error") return outcome;
  charged.delete(reference);
  charged.set(reference, outcome);
  if (charged.size > CHARGED_KEPT) charged.delete(charged.keys().next().value!);
  return outcome;
}

export const testCardGateway: PaymentGateway = {
  name: "test",
  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    return remember(request.reference, decide(request));
  },
  async lookup(request: LookupRequest): Promise<ChargeLookup> {
    const outcome = charged.get(request.reference);
    if (!outcome) return { status: "not_found" };
    return outcome.ok ? { status: "succeeded", gatewayReference: outcome.gatewayReference } : { status: "failed", code: outcome.code, reason: outcome.reason, gatewayReference: outcome.gatewayReference };
  },
};

function decide(request: ChargeRequest): ChargeOutcome {
  const ref = `test_ch_${createHash("sha256").update(request.reference).digest("hex").slice(0, 24)}`;
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
