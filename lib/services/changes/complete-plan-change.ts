import type { Tx } from "@/lib/db/client";
import type { ServiceUpgrade } from "@/lib/generated/prisma/client";
import { lockOpenRenewalDocuments, repriceOpenRenewals } from "@/lib/billing/renewals/reprice-open-renewals";
import { endHeldOptions, listHeldOptions } from "./held-options";

/**
 * What a plan change does to its service when it completes, in the transaction that marks it
 * `completed` (the executor, the operator's "mark done", or a change with nothing to pay and no
 * machine work): the service takes the new product and bills its price (`newAmount`) from its next
 * cycle; add-ons follow the new product — options are one catalogue shared by products, so an
 * add-on whose option the new product also offers stays as it is (same price and due date), and
 * one the new product does not offer ends with the change, like a removal (free, not refunded);
 * then the service's open renewal documents are re-priced and re-taxed (repriceOpenRenewals), so
 * they bill the new plan without the ended add-ons. The machine's installed OS is not touched: the
 * images offered for reinstall are read from the service's product, so they follow it.
 */
export async function completePlanChange(tx: Tx, upgrade: ServiceUpgrade, at: Date): Promise<void> {
  if (upgrade.kind !== "package" || !upgrade.toProductId || !upgrade.newAmount) return;
  await lockOpenRenewalDocuments(tx, upgrade.serviceId);
  await tx.service.update({ where: { id: upgrade.serviceId }, data: { productId: upgrade.toProductId, amount: upgrade.newAmount } });
  const [held, offered] = await Promise.all([
    listHeldOptions(tx, upgrade.serviceId),
    tx.productOptionAssignment.findMany({ where: { productId: upgrade.toProductId, active: true }, select: { optionId: true } }),
  ]);
  const kept = new Set(offered.map((o) => o.optionId));
  await endHeldOptions(
    tx,
    held.filter((h) => !kept.has(h.optionId)),
    at,
  );
  await repriceOpenRenewals(tx, upgrade.serviceId, at);
}
