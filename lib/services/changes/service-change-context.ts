import type { Db, DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { resolveOrderContext, type OrderContext } from "@/lib/orders/order-context";
import type { GatewayResolver } from "@/lib/payments/payment-gateway";
import { apiBillingCycle, quoteOrder, type OrderQuote } from "@/lib/pricing";
import type { QuoteOptionInput } from "@/lib/pricing/quote-order";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";

/** Who changes a service, from authentication: the customer (panel, customer API) or the reseller (reseller API). */
export type ChangeBuyer = { kind: "customer"; accountId: string; userId?: string | null } | { kind: "reseller"; resellerId: string; boundCustomerId?: string | null };

/**
 * What the change operations that price or charge take first: the service context (whose services
 * the caller sees) plus who pays. The scope cannot tell the two apart: a reseller's account sees its
 * services both as a customer (panel: retail) and as a reseller (reseller API: wholesale).
 */
export interface ServiceChangeContext extends ServiceContext {
  buyer: ChangeBuyer;
  /** How a saved card is charged; the configured gateways by default (tests stall or refuse a charge). */
  gateways?: GatewayResolver;
}

/**
 * What the steps after the tenant check take: the database, the moment, and the buyer's order
 * context (how its changes are priced and collected), for reads that already hold the service.
 */
export interface ChangePricingContext {
  db: DbOrTx;
  now: Date;
  order: OrderContext;
}

/** How the buyer's changes are priced and collected: the order context of its orders (wholesale for resellers, the programme's mode). */
export async function changeContext(db: Db, buyer: ChangeBuyer): Promise<OrderContext> {
  return resolveOrderContext(db, buyer.kind === "customer" ? { kind: "customer", accountId: buyer.accountId, userId: buyer.userId ?? null } : buyer);
}

/** The tenant check of a change (404 outside the actor's scope), then the buyer's order context: what every change operation starts with. */
export async function serviceToChange(ctx: ServiceChangeContext, serviceId: string): Promise<{ service: ScopedService; order: OrderContext }> {
  const service = await serviceInScopeOrThrow(ctx, serviceId);
  return { service, order: await changeContext(ctx.db, ctx.buyer) };
}

export const SERVICE_NOT_CHANGEABLE = "Only an active service can be changed";
export const HOURLY_NOT_CHANGEABLE = "An hourly service has no billing period to prorate; order the new plan instead";
export const NO_DUE_DATE = "The service has no next due date yet; try again once its first period has started";

/** Changes (add-ons, plans) apply to active services with a billing period. */
export function assertChangeable(service: Pick<ScopedService, "status" | "billingCycle" | "nextDueDate">): { cycle: Exclude<BillingCycle, "hourly">; due: Date } {
  if (service.status !== "active") throw new DomainError("conflict", SERVICE_NOT_CHANGEABLE);
  if (service.billingCycle === "hourly") throw new DomainError("conflict", HOURLY_NOT_CHANGEABLE);
  if (!service.nextDueDate) throw new DomainError("conflict", NO_DUE_DATE);
  return { cycle: service.billingCycle, due: service.nextDueDate };
}

/**
 * Prices `productId` (the service's own product for add-ons, the target for a plan change) with
 * `options` on the service's cycle and datacentre, for the change's buyer (lib/pricing: wholesale
 * for resellers, retail for customers), in the service's currency. The datacentre is passed only
 * where the product prices it, so a product without datacentres is not refused for it.
 */
export async function quoteForService(
  db: DbOrTx,
  ctx: OrderContext,
  service: Pick<ScopedService, "billingCycle" | "currency" | "locationId"> & { location: { value: string } | null },
  productId: string,
  options: QuoteOptionInput[],
  at: Date,
): Promise<OrderQuote> {
  const located = service.locationId ? await db.productLocation.count({ where: { productId, locationId: service.locationId } }) : 0;
  return quoteOrder(
    db,
    {
      buyer: ctx.pricingBuyer,
      items: [{ productId, billingCycle: apiBillingCycle(service.billingCycle), location: located > 0 ? service.location!.value : null, options }],
      at,
      currency: service.currency,
    },
    { enforceLimits: false, resolvedBuyer: ctx.resolvedBuyer, baseCurrency: ctx.baseCurrency },
  );
}

/** Serialises changes of one service (add-ons, upgrades, their idempotency keys) on its row until the transaction ends. */
export async function lockService(tx: DbOrTx, serviceId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Service" WHERE "id" = ${serviceId}::uuid FOR NO KEY UPDATE`;
}
