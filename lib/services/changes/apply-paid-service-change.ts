import type { DbOrTx } from "@/lib/db/client";
import { Prisma, type ServiceUpgrade } from "@/lib/generated/prisma/client";

/** One add-on an options change adds, as stored on the ServiceUpgrade (whole-cycle figures). */
export interface UpgradeAddOption {
  optionId: string;
  quantity: number;
  /** Recurring amount per cycle of the whole quantity, or null for a one-time add-on. */
  amount: string | null;
  setupFee: string;
}

/**
 * An options upgrade takes effect: its add-ons are held from now until the service's next due date
 * (then billed with it), the removed ones end today. Conditional on the change being open, so a
 * second payment notification applies nothing twice. Returns whether it applied.
 */
export async function applyOptionsUpgrade(tx: DbOrTx, upgrade: ServiceUpgrade, at: Date): Promise<boolean> {
  const { count } = await tx.serviceUpgrade.updateMany({
    where: { id: upgrade.id, status: { in: ["pending", "awaiting_payment", "executing"] } },
    data: { status: "completed", executedAt: at },
  });
  if (count === 0) return false;
  const service = await tx.service.findUniqueOrThrow({ where: { id: upgrade.serviceId }, select: { nextDueDate: true } });
  const adds = upgrade.addOptions as unknown as UpgradeAddOption[];
  if (adds.length > 0) {
    await tx.serviceOption.createMany({
      data: adds.map((a) => ({
        serviceId: upgrade.serviceId,
        optionId: a.optionId,
        quantity: a.quantity,
        status: "active" as const,
        amount: a.amount === null ? null : new Prisma.Decimal(a.amount),
        setupFee: new Prisma.Decimal(a.setupFee),
        nextDueDate: service.nextDueDate,
        orderId: upgrade.orderId,
        createdAt: at,
      })),
    });
  }
  if (upgrade.removeOptionIds.length > 0) {
    await tx.serviceOption.updateMany({
      where: { serviceId: upgrade.serviceId, optionId: { in: upgrade.removeOptionIds }, status: { not: "cancelled" } },
      data: { status: "cancelled", terminationDate: at },
    });
  }
  return true;
}

/**
 * The document of an add-on or upgrade order was paid (called by activatePaidOrder, in the paying
 * transaction): add-ons it bought become `active`; an options upgrade applies at once; a plan
 * change becomes `executing` — the background function `service-upgrade-execute` (triggered by
 * requestUpgradeExecution, or its sweep within a minute) resizes the machine and completes it.
 * Returns the plan changes now executing.
 */
export async function applyPaidServiceChange(tx: DbOrTx, orderId: string, at: Date): Promise<string[]> {
  await tx.serviceOption.updateMany({ where: { orderId, status: "pending_payment" }, data: { status: "active" } });
  await tx.order.updateMany({ where: { id: orderId, orderType: { in: ["addon", "upgrade"] } }, data: { provisioningStatus: null } });
  const executing: string[] = [];
  for (const upgrade of await tx.serviceUpgrade.findMany({ where: { orderId, status: "awaiting_payment" } })) {
    if (upgrade.kind === "options") {
      await applyOptionsUpgrade(tx, upgrade, at);
      continue;
    }
    const { count } = await tx.serviceUpgrade.updateMany({ where: { id: upgrade.id, status: "awaiting_payment" }, data: { status: "executing", updatedAt: at } });
    if (count === 1) executing.push(upgrade.id);
  }
  return executing;
}
