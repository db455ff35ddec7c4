import type { CardGateway } from "./card-gateway";
import { createStripeGateway } from "./stripe-gateway";
import { testCardGateway } from "./test-card-gateway";

/**
 * The registered card gateways by PaymentMethod.gateway. Stripe when STRIPE_SECRET_KEY is set
 * (STRIPE_WEBHOOK_SECRET for its webhook); the test gateway unless Stripe runs with a live key, so
 * cards saved in test mode can never pay anything once real money moves (docs/payments.md).
 * New cards and payments go to the active gateway: Stripe when configured, else the test gateway.
 */
export function cardGatewayByName(name: string, env: Readonly<Record<string, string | undefined>> = process.env): CardGateway | null {
  const stripe = stripeGateway(env);
  if (name === "stripe") return stripe;
  if (name === testCardGateway.name && (!stripe || stripe.testMode)) return testCardGateway;
  return null;
}

/** Where new cards are saved. */
export function activeCardGateway(env: Readonly<Record<string, string | undefined>> = process.env): CardGateway {
  return stripeGateway(env) ?? testCardGateway;
}

// One client per key (the SDK keeps its agent and retries state); on globalThis, as the Next bundle and server.ts are two module graphs.
const slot = globalThis as { __rackfrontStripe?: { key: string; webhookSecret: string | null; gateway: CardGateway } };

function stripeGateway(env: Readonly<Record<string, string | undefined>>): CardGateway | null {
  const key = env.STRIPE_SECRET_KEY?.trim();
  if (!key) return null;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  if (slot.__rackfrontStripe?.key !== key || slot.__rackfrontStripe.webhookSecret !== webhookSecret) {
    slot.__rackfrontStripe = { key, webhookSecret, gateway: createStripeGateway({ secretKey: key, webhookSecret }) };
  }
  return slot.__rackfrontStripe.gateway;
}
