import { Prisma, type InvoiceStatus } from "@/lib/generated/prisma/client";
import { InvoiceStatus as InvoiceStatuses } from "@/lib/generated/prisma/enums";
import type { BillingContext } from "./billing-actor";
import { documentListArgs } from "./document-list-args";

export const INVOICE_STATUSES = Object.values(InvoiceStatuses) as InvoiceStatus[];

export interface InvoiceStats {
  /** Every invoice of the account, whatever the filter. */
  count: number;
  byStatus: Record<InvoiceStatus, { count: number; total: Prisma.Decimal }>;
  /** What is still to pay on unpaid invoices (totals less part-payments). */
  outstanding: Prisma.Decimal;
}

const ROW = { id: true, number: true, status: true, currency: true, total: true, paidAmount: true, issuedAt: true, dueDate: true, paidAt: true } as const;
export type InvoiceRow = Prisma.InvoiceGetPayload<{ select: typeof ROW }>;

/**
 * An account's invoices, newest first, one page, optionally of one status; with the account-wide
 * stats (counts and money totals by status, the outstanding amount) that `GET /invoices` and the
 * panel show beside the list. Invoices are account-wide: no project narrowing.
 */
export async function listInvoices(
  { db, actor }: BillingContext,
  filter: { status?: InvoiceStatus; page: number; limit: number },
): Promise<{ invoices: InvoiceRow[]; total: number; stats: InvoiceStats }> {
  const { where, findMany } = documentListArgs(actor, filter);
  const [invoices, total, groups] = await Promise.all([
    db.invoice.findMany({ ...findMany, select: ROW }),
    db.invoice.count({ where }),
    db.invoice.groupBy({ by: ["status"], where: { accountId: actor.accountId }, _count: { _all: true }, _sum: { total: true, paidAmount: true } }),
  ]);
  const zero = new Prisma.Decimal(0);
  const byStatus = Object.fromEntries(INVOICE_STATUSES.map((s) => [s, { count: 0, total: zero }])) as InvoiceStats["byStatus"];
  let outstanding = zero;
  for (const g of groups) {
    byStatus[g.status] = { count: g._count._all, total: g._sum.total ?? zero };
    if (g.status === "unpaid") outstanding = (g._sum.total ?? zero).minus(g._sum.paidAmount ?? zero);
  }
  const count = groups.reduce((n, g) => n + g._count._all, 0);
  return { invoices, total, stats: { count, byStatus, outstanding } };
}
