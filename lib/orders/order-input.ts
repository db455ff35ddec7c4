import type { Db } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import type { GatewayResolver } from "@/lib/payments/payment-gateway";

/** One line of an order as both APIs (and the panel's order form) hand it to the order core. */
export interface OrderItemInput {
  productId: string;
  /** As the client sent it (`semi-annually`). */
  billingCycle: string;
  /** Services to create; 1-100, default 1. */
  quantity?: number;
  /** A location `value`. */
  location?: string | null;
  /** RFC 1123 (docs/decisions.md#d31); becomes Service.hostname. */
  hostname?: string | null;
  /** Per service; duplicates are merged (quantities summed) by the quote. */
  options?: { optionId: string; quantity?: number }[];
  /** Normalised known keys (see OrderConfigurationInput); unknown keys are kept as sent. */
  configuration?: OrderConfigurationInput;
}

/** The known configuration keys, as the core reads them (each API maps its own spelling onto these). */
export interface OrderConfigurationInput {
  osImageId?: string | null;
  /** Customer API `custom_image_id`; replaces `osImageId` (both → 400). */
  customImageId?: string | null;
  /** First boot: `#cloud-config` document or `#!` script, max 64 KB (validated before any charge). */
  userData?: string | null;
  /** OpenSSH public keys authorised for root. */
  sshKeys?: string[] | null;
  /** Customer API `ssh_key_ids`: keys of the account (GET /ssh-keys). */
  sshKeyIds?: string[] | null;
  /** Reseller API: stored on the service (`externalServiceId`). */
  externalServiceId?: string | null;
  /** Everything else the client sent in `configuration`, kept on the order item. */
  extra?: Record<string, unknown>;
}

/** Who orders, as authentication established it (never from a request body). */
export type OrderBuyer =
  | {
      kind: "customer";
      accountId: string;
      /** The user placing it (panel session or API key owner). */
      userId?: string | null;
      /** The project the request is confined to (bound key or X-Project-Id), if any. */
      scopedProjectId?: string | null;
      /** The key is bound to `scopedProjectId` for life: naming another project is refused. */
      projectBound?: boolean;
    }
  | {
      kind: "reseller";
      resellerId: string;
      /** The key is bound to this customer record: orders are attributed to it. */
      boundCustomerId?: string | null;
    };

export interface PlaceOrderInput {
  items: OrderItemInput[];
  /** Customer: project id or slug from the body; null/absent = the request's project or the default one. */
  projectRef?: string | null;
  /** Customer idempotency key (body `idempotencyKey` or header `Idempotency-Key`). */
  idempotencyKey?: string | null;
  /** Reseller idempotency key, unique per reseller. */
  externalOrderId?: string | null;
  /** Reseller: creates or reuses a customer record the order and its services are attributed to. */
  externalCustomer?: { id: string; email?: string | null; name?: string | null } | null;
  /** `saved_method` mode: charge this saved method instead of the default. */
  paymentMethodId?: string | null;
  /** Hash of the request as sent (stored with the idempotency key). */
  requestHash?: string | null;
}

/** What an order run may be given besides the database, clock and buyer (tests set these; production runs with the defaults). */
export interface OrderRunHooks {
  /** Payment gateways by PaymentMethod.gateway (default: the registered ones). */
  gateways?: GatewayResolver;
  /** Called after commit with the services that may be built now (default: requestProvisioning). */
  provision?: (serviceIds: readonly string[]) => Promise<unknown>;
  /**
   * Runs inside the transaction that activates the services of a charged `saved_method` order,
   * before it commits. For tests of the 502 path: throwing here leaves the charge standing and the
   * order `provisioning_failed`.
   */
  beforeActivate?: (orderId: string) => Promise<void>;
}

/**
 * The context placeOrder takes first (lib/db/domain-context.ts): `now` is the order's instant
 * (prices, rates, VAT, document dates); it opens its own transactions, so `db` is the database.
 */
export type OrderRunContext<B extends OrderBuyer = OrderBuyer> = DomainContext<B, Db> & OrderRunHooks;
