import type { Prisma } from "@/lib/generated/prisma/client";
import { cardGatewayByName } from "./card-gateways";

/**
 * What the order code needs from a card processor: charge a saved card (identified by the token
 * the gateway gave when the card was saved) once. A real adapter (Stripe, Adyen, …) implements this
 * interface in its own file and is registered in `PAYMENT_GATEWAYS` under the name stored in
 * `PaymentMethod.gateway`; nothing else in the order code changes (docs/orders.md "Payment gateways").
 */
export interface ChargeRequest {
  /** PaymentMethod.gatewayToken: the gateway's reference to the saved card. */
  token: string;
  /** PaymentMethod.gatewayCustomer: the gateway's customer the card is saved under (Stripe needs it), if any. */
  customer?: string | null;
  /** Display hint (the stored last four digits), for gateways that need it; never a card number. */
  cardLastFour: string | null;
  amount: Prisma.Decimal;
  /** ISO 4217. */
  currency: string;
  /**
   * Our reference for this attempt (`<orderId>:<attempt>`). Adapters pass it as the gateway's
   * idempotency key, so a request retried after a network failure charges at most once.
   */
  reference: string;
  description: string;
}

export type ChargeOutcome =
  | { ok: true; gatewayReference: string }
  | {
      ok: false;
      /** `declined` and `insufficient_funds` are final answers about the card; `error`: the gateway could not be reached or failed. */
      code: "declined" | "insufficient_funds" | "error";
      /** A sentence the reseller or customer can act on (the API returns it as `paymentError`). */
      reason: string;
      gatewayReference: string | null;
    };

/** What the gateway knows about an earlier charge, asked by our reference (reconciliation). */
export type ChargeLookup =
  | { status: "succeeded"; gatewayReference: string }
  | { status: "failed"; code: "declined" | "insufficient_funds" | "error"; reason: string; gatewayReference: string | null }
  /** Still being processed on the gateway's side: ask again later. */
  | { status: "pending" }
  /** The gateway never received a charge with this reference. */
  | { status: "not_found" };

export interface LookupRequest {
  /** The reference the charge was sent with (`<orderId>:<paymentId>`). */
  reference: string;
  token: string;
  cardLastFour: string | null;
  /** The gateway's own id of the charge when it is known (Payment.gatewayReference): asked directly instead of searched by reference. */
  gatewayReference?: string | null;
}

export interface PaymentGateway {
  /** The value of PaymentMethod.gateway this adapter serves. */
  readonly name: string;
  /** Never throws for a refused card; a thrown error is treated as `{ok: false, code: "error"}`. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /**
   * The outcome of the charge sent with `reference`, for payments left `processing` (the process
   * stopped between the charge and recording its outcome). Throws when the gateway cannot be
   * reached; the reconciliation then asks again on its next run.
   */
  lookup(request: LookupRequest): Promise<ChargeLookup>;
}

export type GatewayResolver = (name: string) => PaymentGateway | null;

/** The registered adapters (card-gateways.ts) by PaymentMethod.gateway. */
export const defaultGatewayResolver: GatewayResolver = (name) => cardGatewayByName(name);

/** Charges through `gateway`, turning a thrown error into a failed outcome (the charge did not go through). */
export async function chargeSafely(gateway: PaymentGateway, request: ChargeRequest): Promise<ChargeOutcome> {
  try {
    return await gateway.charge(request);
  } catch (err) {
    console.warn(`[payments] gateway ${gateway.name} failed to answer`, err);
    return { ok: false, code: "error", reason: "The payment gateway could not be reached; try again later", gatewayReference: null };
  }
}
