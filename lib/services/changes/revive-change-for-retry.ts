import type { Tx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { OPEN_UPGRADE_STATUSES } from "./package-change";
import { assertChangeable, lockService } from "./service-change-context";
import { serviceOfChange } from "./settle-card-change";

export const CHANGE_NO_LONGER_APPLIES = "This change no longer applies to its service; place a new one instead of retrying";

/**
 * A retry of a change order (in the transaction that claims the attempt): the change must still
 * apply. The service must be changeable; a plan change must be the one it was (service still on
 * its `from` product, no other change under way) and goes back to `pending`; add-on rows go back
 * to `pending_payment`. Refuses 409 CHANGE_NO_LONGER_APPLIES otherwise.
 */
export async function reviveChangeForRetry(tx: Tx, orderId: string, at: Date): Promise<void> {
  const serviceId = await serviceOfChange(tx, orderId);
  if (!serviceId) throw new DomainError("conflict", CHANGE_NO_LONGER_APPLIES);
  await lockService(tx, serviceId);
  const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, select: { status: true, billingCycle: true, nextDueDate: true, productId: true } });
  try {
    assertChangeable(service);
  } catch (err) {
    if (err instanceof DomainError) throw new DomainError("conflict", CHANGE_NO_LONGER_APPLIES);
    throw err;
  }
  const upgrade = await tx.serviceUpgrade.findFirst({ where: { orderId }, select: { id: true, status: true, fromProductId: true } });
  if (upgrade) {
    const other = await tx.serviceUpgrade.count({ where: { serviceId, id: { not: upgrade.id }, status: { in: [...OPEN_UPGRADE_STATUSES] } } });
    if (upgrade.status !== "cancelled" || other > 0 || service.productId !== upgrade.fromProductId) throw new DomainError("conflict", CHANGE_NO_LONGER_APPLIES);
    await tx.serviceUpgrade.update({ where: { id: upgrade.id }, data: { status: "pending", cancelledAt: null, updatedAt: at } });
  }
  await tx.serviceOption.updateMany({ where: { orderId, status: "cancelled" }, data: { status: "pending_payment", terminationDate: null } });
}
