import type { DbOrTx } from "@/lib/db/client";
import type { ServiceStatus } from "@/lib/generated/prisma/client";
import { getBaseCurrency } from "./base-currency";
import type { Decimal } from "./money";
import { MinimumOrderError, QuantityLimitError } from "./pricing-errors";

/**
 * Services that no longer hold a unit: terminated ones (the spec: "non-terminated services count")
 * and cancelled ones, which were cancelled before they ever ran (a never-paid order must not use
 * up a reseller's cap for good).
 */
export const RELEASED_SERVICE_STATUSES: ServiceStatus[] = ["terminated", "cancelled"];

/**
 * Refuses an order that would take a reseller above a holding cap (ResellerProductCap.maxUnits):
 * units held now plus units ordered, summed per product across lines → QuantityLimitError (409
 * `Quantity limit reached`). Call it inside the order's transaction after locking the reseller
 * (e.g. SELECT … FOR UPDATE on the profile) so two orders cannot both pass.
 */
export async function assertHoldingCaps(
  db: DbOrTx,
  reseller: { id: string; accountId: string },
  items: { productId: string; quantity: number }[],
): Promise<void> {
  const requested = new Map<string, number>();
  for (const item of items) requested.set(item.productId, (requested.get(item.productId) ?? 0) + item.quantity);
  if (requested.size === 0) return;
  const caps = await db.resellerProductCap.findMany({ where: { resellerId: reseller.id, productId: { in: [...requested.keys()] } } });
  for (const cap of caps) {
    const held = await db.service.count({
      where: { accountId: reseller.accountId, productId: cap.productId, status: { notIn: RELEASED_SERVICE_STATUSES } },
    });
    const wanted = requested.get(cap.productId)!;
    if (held + wanted > cap.maxUnits) throw new QuantityLimitError({ productId: cap.productId, maxUnits: cap.maxUnits, held, requested: wanted });
  }
}

/**
 * Refuses a reseller order below the programme's minimum order amount (ResellerProgramme.
 * minimumOrderAmount, base currency) → MinimumOrderError (400, before any charge). `baseAmount`
 * is the order's amount excluding VAT in the base currency. Not for add-on changes.
 */
export async function assertMinimumOrder(db: DbOrTx, baseAmount: Decimal, known?: { minimumOrderAmount: Decimal | null }): Promise<void> {
  // `known`: the caller read the programme already (order placement reads it with the mode).
  const minimum = known ? known.minimumOrderAmount : (await db.resellerProgramme.findUnique({ where: { id: 1 }, select: { minimumOrderAmount: true } }))?.minimumOrderAmount;
  if (minimum && baseAmount.lessThan(minimum)) throw new MinimumOrderError(baseAmount, minimum, await getBaseCurrency(db));
}
