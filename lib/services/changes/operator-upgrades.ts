import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { postCreditEntry } from "@/lib/billing/post-credit-entry";
import { completePlanChange } from "./complete-plan-change";
import { requestUpgradeExecution } from "./execute-service-upgrade";

// Plan changes the executor could not carry out (a resize the hypervisor refused or that failed) wait
// in `awaiting_admin` with the reason; the charge stands. The operator console settles them here.

export interface UpgradeAwaitingOperator {
  id: string;
  serviceId: string;
  serviceLabel: string;
  accountName: string;
  fromProduct: string | null;
  toProduct: string | null;
  total: string;
  currency: string;
  failureReason: string | null;
  requestedAt: Date;
  heldSince: Date;
}

export async function listUpgradesAwaitingOperator({ db }: OperatorContext): Promise<UpgradeAwaitingOperator[]> {
  const rows = await db.serviceUpgrade.findMany({
    where: { status: "awaiting_admin" },
    orderBy: { updatedAt: "asc" },
    take: 200,
    include: { service: { select: { id: true, name: true, hostname: true, account: { select: { name: true } } } } },
  });
  const productIds = [...new Set(rows.flatMap((r) => [r.fromProductId, r.toProductId]).filter((id): id is string => !!id))];
  const products = new Map((await db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, name: true } })).map((p) => [p.id, p.name]));
  return rows.map((r) => ({
    id: r.id,
    serviceId: r.service.id,
    serviceLabel: r.service.hostname ?? r.service.name,
    accountName: r.service.account.name,
    fromProduct: r.fromProductId ? (products.get(r.fromProductId) ?? null) : null,
    toProduct: r.kind === "options" ? "new add-ons" : r.toProductId ? (products.get(r.toProductId) ?? null) : null,
    total: r.total.toFixed(2),
    currency: r.currency,
    failureReason: r.failureReason,
    requestedAt: r.createdAt,
    heldSince: r.updatedAt,
  }));
}

export type OperatorUpgradeDecision = "retry" | "complete" | "cancel";

export const NOT_AWAITING_OPERATOR = "This change is not waiting for the operator any more";

/**
 * Settles a change held for the operator:
 * - `retry`: back to `executing`, so the executor tries the resize again (after the host was fixed);
 * - `complete`: the operator changed the machine by hand; the service takes the new plan now;
 * - `cancel`: the change is dropped and what it charged goes back to the account as credit (a
 *   `refund` ledger row in the same transaction; only when the change was charged in the account's
 *   currency — otherwise refuse, so the refund is made by hand).
 * Conditional on the change still awaiting the operator, so two operators cannot both settle it.
 */
export async function resolveUpgradeByOperator(
  { db, now }: OperatorContext<Db>,
  { upgradeId, decision }: { upgradeId: string; decision: OperatorUpgradeDecision },
): Promise<{ status: string; refunded: string | null }> {
  const result = await db.$transaction(async (tx) => {
    const upgrade = await tx.serviceUpgrade.findUnique({ where: { id: upgradeId }, include: { service: { select: { accountId: true, account: { select: { currency: true } } } } } });
    if (!upgrade || upgrade.status !== "awaiting_admin") throw new DomainError("conflict", NOT_AWAITING_OPERATOR);
    const claim = (data: Prisma.ServiceUpgradeUpdateManyMutationInput) => tx.serviceUpgrade.updateMany({ where: { id: upgradeId, status: "awaiting_admin" }, data: { ...data, updatedAt: now } });
    if (decision === "retry") {
      if ((await claim({ status: "executing", resizeJobId: null, failureReason: null })).count === 0) throw new DomainError("conflict", NOT_AWAITING_OPERATOR);
      return { status: "executing", refunded: null };
    }
    if (decision === "complete") {
      if ((await claim({ status: "completed", executedAt: now, failureReason: null })).count === 0) throw new DomainError("conflict", NOT_AWAITING_OPERATOR);
      await completePlanChange(tx, upgrade, now);
      return { status: "completed", refunded: null };
    }
    const refund = upgrade.total;
    if (refund.gt(0) && upgrade.currency !== upgrade.service.account.currency) {
      throw new DomainError("invalid", `The change was charged in ${upgrade.currency} and the account keeps credit in ${upgrade.service.account.currency}: refund it by hand, then cancel`);
    }
    if ((await claim({ status: "cancelled", cancelledAt: now })).count === 0) throw new DomainError("conflict", NOT_AWAITING_OPERATOR);
    if (refund.gt(0)) {
      await postCreditEntry(tx, {
        accountId: upgrade.service.accountId,
        kind: "refund",
        amount: new Prisma.Decimal(refund),
        description: "Refund: plan change cancelled by the supplier",
        orderId: upgrade.orderId,
        at: now,
      });
    }
    return { status: "cancelled", refunded: refund.gt(0) ? refund.toFixed(2) : null };
  });
  if (result.status === "executing") await requestUpgradeExecution([upgradeId]);
  return result;
}
