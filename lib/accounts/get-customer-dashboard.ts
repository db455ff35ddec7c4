import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import type { CustomerMembership } from "@/lib/auth/resolve-areas";
import type { InvoiceStatus, ServiceStatus } from "@/lib/generated/prisma/enums";
import { mayAccess } from "./account-access";
import { getCreditBalance } from "./get-credit-balance";

export type CustomerDashboard = {
  account: { id: string; name: string; status: string; currency: string };
  /** The viewer's own credit (credit is per user: a team member's is not the account's); null when `credit:view` refuses (it lets every member see their own). */
  credit: { balance: string; currency: string } | null;
  /** null when the viewer may not see services. */
  services: { total: number; byStatus: Array<{ status: ServiceStatus; count: number }> } | null;
  /** null when the viewer may not see invoices. */
  invoices: {
    unpaidCount: number;
    unpaidTotal: string;
    recent: Array<{ id: string; number: string; status: InvoiceStatus; total: string; currency: string; issuedAt: Date; dueDate: Date }>;
  } | null;
};

/** Who looks: the signed-in user and their membership of the account (what they may see follows its permissions). */
export interface CustomerDashboardActor {
  membership: CustomerMembership;
  userId: string;
}

/** The context getCustomerDashboard takes first (lib/db/domain-context.ts). */
export type CustomerDashboardContext<D extends DbOrTx = DbOrTx> = DomainContext<CustomerDashboardActor, D>;

// The order a customer reads statuses in: what runs, what is coming, what needs attention, what ended.
const SERVICE_STATUS_ORDER: ServiceStatus[] = [
  "active",
  "installing",
  "pending",
  "pending_payment",
  "suspended",
  "provisioning_failed",
  "cancelled",
  "terminated",
  "fraud",
];

/** The customer panel's first page: balance, services by status, recent invoices of one account. */
export async function getCustomerDashboard({ db, now, actor }: CustomerDashboardContext): Promise<CustomerDashboard> {
  const { membership, userId } = actor;
  const accountId = membership.accountId;
  const account = await db.clientAccount.findUniqueOrThrow({
    where: { id: accountId },
    select: { id: true, name: true, status: true, currency: true },
  });

  // The access table the customer API checks too (docs/decisions.md#r12).
  const canSeeServices = mayAccess(membership, "services:view");
  const canSeeInvoices = mayAccess(membership, "invoices:view");
  const canSeeBilling = mayAccess(membership, "credit:view");

  const [credit, serviceGroups, recent, unpaid] = await Promise.all([
    canSeeBilling ? getCreditBalance({ db, now, actor: { accountId, userId, isOwner: membership.role === "owner" } }) : null,
    canSeeServices ? db.service.groupBy({ by: ["status"], where: { accountId }, _count: { _all: true } }) : null,
    canSeeInvoices
      ? db.invoice.findMany({
          where: { accountId },
          orderBy: [{ issuedAt: "desc" }, { number: "desc" }],
          take: 5,
          select: { id: true, number: true, status: true, total: true, currency: true, issuedAt: true, dueDate: true },
        })
      : null,
    canSeeInvoices ? db.invoice.aggregate({ where: { accountId, status: "unpaid" }, _count: { _all: true }, _sum: { total: true, paidAmount: true } }) : null,
  ]);

  const byStatus = (serviceGroups ?? [])
    .map((g) => ({ status: g.status, count: g._count._all }))
    .sort((a, b) => SERVICE_STATUS_ORDER.indexOf(a.status) - SERVICE_STATUS_ORDER.indexOf(b.status));

  return {
    account: { id: account.id, name: account.name, status: account.status, currency: account.currency },
    credit: credit ? { balance: credit.balance.toString(), currency: credit.currency } : null,
    services: serviceGroups ? { total: byStatus.reduce((n, g) => n + g.count, 0), byStatus } : null,
    invoices:
      recent && unpaid
        ? {
            unpaidCount: unpaid._count._all,
            unpaidTotal: unpaid._sum.total ? unpaid._sum.total.minus(unpaid._sum.paidAmount ?? 0).toString() : "0",
            recent: recent.map((i) => ({ ...i, total: i.total.toString() })),
          }
        : null,
  };
}
