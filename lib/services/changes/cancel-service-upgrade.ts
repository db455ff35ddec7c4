import { DomainError } from "@/lib/errors/domain-error";
import type { ServiceUpgrade } from "@/lib/generated/prisma/client";
import { lockInvoice, lockProforma } from "@/lib/billing/lock-billing-document";
import { isUuid } from "@/lib/schemas/uuid";
import { scopeWhere } from "../find-scoped-service-or-throw";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { CARD_CHARGE_IN_PROGRESS } from "./settle-card-change";

export const UPGRADE_NOT_FOUND = "Upgrade not found";
export const UPGRADE_NOT_CANCELLABLE = "Only a pending upgrade can be cancelled";
export const UPGRADE_PARTLY_PAID = "The upgrade's invoice is partly paid; it cannot be cancelled";

/**
 * Cancels an upgrade that is still waiting (`pending`, `awaiting_payment`): the upgrade and its
 * order become `cancelled`, its unpaid document too. An executed, executing or zero-net
 * (completed at once) upgrade answers 400. The document row is locked first, as every payment
 * does, so a payment and a cancellation racing each other settle on one outcome.
 *
 * The upgrade must be of a service in the actor's scope (404 `Upgrade not found`); with `serviceId`
 * (the panel's service page) that service is checked first (its own 404) and the upgrade must be its.
 */
export async function cancelServiceUpgrade(ctx: ServiceContext, input: { upgradeId: string; serviceId?: string }): Promise<ServiceUpgrade> {
  const { accountId } = ctx.actor;
  const { upgradeId } = input;
  const serviceId = input.serviceId ? (await serviceInScopeOrThrow(ctx, input.serviceId)).id : null;
  if (!isUuid(upgradeId)) throw new DomainError("not_found", UPGRADE_NOT_FOUND);
  return ctx.db.$transaction(async (tx) => {
    const upgrade = await tx.serviceUpgrade.findFirst({ where: { id: upgradeId, accountId, service: scopeWhere(ctx.actor), ...(serviceId ? { serviceId } : {}) } });
    if (!upgrade) throw new DomainError("not_found", UPGRADE_NOT_FOUND);
    const documents = upgrade.orderId
      ? await tx.order.findUniqueOrThrow({ where: { id: upgrade.orderId }, select: { invoices: { select: { id: true } }, proformas: { select: { id: true } } } })
      : { invoices: [], proformas: [] };
    const invoices = await Promise.all(documents.invoices.map((d) => lockInvoice(tx, d.id, accountId)));
    const proformas = await Promise.all(documents.proformas.map((d) => lockProforma(tx, d.id, accountId)));
    const current = await tx.serviceUpgrade.findUniqueOrThrow({ where: { id: upgrade.id } });
    if (current.status !== "pending" && current.status !== "awaiting_payment") throw new DomainError("invalid", UPGRADE_NOT_CANCELLABLE);
    if ([...invoices, ...proformas].some((d) => !d.paidAmount.isZero())) throw new DomainError("invalid", UPGRADE_PARTLY_PAID);
    // A card being charged for it settles the change itself (settle-card-change.ts); cancelling now would orphan the charge.
    if (current.orderId && (await tx.payment.count({ where: { orderId: current.orderId, status: "processing" } })) > 0) throw new DomainError("conflict", CARD_CHARGE_IN_PROGRESS);
    await tx.invoice.updateMany({ where: { id: { in: invoices.map((d) => d.id) }, status: "unpaid" }, data: { status: "cancelled" } });
    await tx.proforma.updateMany({ where: { id: { in: proformas.map((d) => d.id) }, status: "unpaid" }, data: { status: "cancelled" } });
    if (current.orderId) await tx.order.updateMany({ where: { id: current.orderId, status: "invoiced" }, data: { status: "cancelled" } });
    return tx.serviceUpgrade.update({ where: { id: upgrade.id }, data: { status: "cancelled", cancelledAt: ctx.now } });
  });
}
