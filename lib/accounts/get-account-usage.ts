import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import { Prisma, type ServiceStatus } from "@/lib/generated/prisma/client";
import { resolveCreditAccountId, type CreditActor } from "@/lib/billing/resolve-credit-account";
import { getCreditBalance, type CreditBalance } from "./get-credit-balance";

/** Who asks: the caller (whose own credit is reported) and the project the request is narrowed to, if any. */
export interface AccountUsageActor extends CreditActor {
  projectId?: string | null;
}

/** The context getAccountUsage takes first (lib/db/domain-context.ts). */
export type AccountUsageContext<D extends DbOrTx = DbOrTx> = DomainContext<AccountUsageActor, D>;

export interface AccountUsage {
  services: { total: number; byStatus: Partial<Record<ServiceStatus, number>>; activeRecurringAmount: Prisma.Decimal };
  invoices: { unpaidCount: number; unpaidTotal: Prisma.Decimal; paidThisMonth: Prisma.Decimal };
  hourly: { chargedThisMonth: Prisma.Decimal; charges: number };
  credit: CreditBalance;
  /** The account's currency, which every amount above except the credit is in. */
  currency: string;
  /** Calendar month (UTC) of `now`: `2026-04`. */
  month: string;
}

/**
 * `GET /account/usage`: services by status and what the active ones bill per cycle (narrowed to the
 * request's project when there is one: services are project-scoped), the account's unpaid invoices
 * and what was paid this calendar month (UTC), the hourly charges taken from the caller's own credit
 * this month, and that credit balance.
 */
export async function getAccountUsage(ctx: AccountUsageContext): Promise<AccountUsage> {
  const { db, now, actor } = ctx;
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const serviceWhere = { accountId: actor.accountId, ...(actor.projectId ? { projectId: actor.projectId } : {}) };
  const creditAccountId = await resolveCreditAccountId(db, actor);
  const zero = new Prisma.Decimal(0);

  const [account, groups, active, unpaid, paidThisMonth, hourly, credit] = await Promise.all([
    db.clientAccount.findUniqueOrThrow({ where: { id: actor.accountId }, select: { currency: true } }),
    db.service.groupBy({ by: ["status"], where: serviceWhere, _count: { _all: true } }),
    db.service.aggregate({ where: { ...serviceWhere, status: "active" }, _sum: { amount: true } }),
    db.invoice.aggregate({ where: { accountId: actor.accountId, status: "unpaid" }, _count: { _all: true }, _sum: { total: true, paidAmount: true } }),
    db.invoice.aggregate({ where: { accountId: actor.accountId, status: "paid", paidAt: { gte: monthStart, lt: nextMonth } }, _sum: { total: true } }),
    creditAccountId
      ? db.creditLedgerEntry.aggregate({
          where: { accountId: creditAccountId, kind: "hourly_charge", createdAt: { gte: monthStart, lt: nextMonth } },
          _count: { _all: true },
          _sum: { amount: true },
        })
      : null,
    getCreditBalance(ctx),
  ]);

  const byStatus: Partial<Record<ServiceStatus, number>> = {};
  for (const g of groups) byStatus[g.status] = g._count._all;
  return {
    services: { total: groups.reduce((n, g) => n + g._count._all, 0), byStatus, activeRecurringAmount: active._sum.amount ?? zero },
    invoices: {
      unpaidCount: unpaid._count._all,
      unpaidTotal: (unpaid._sum.total ?? zero).minus(unpaid._sum.paidAmount ?? zero),
      paidThisMonth: paidThisMonth._sum.total ?? zero,
    },
    // Charges are negative ledger amounts; the usage reports what was charged, a positive figure.
    hourly: { chargedThisMonth: zero.minus(hourly?._sum.amount ?? zero), charges: hourly?._count._all ?? 0 },
    credit,
    currency: account.currency,
    month: monthStart.toISOString().slice(0, 7),
  };
}
