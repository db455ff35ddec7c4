import type { AccountStatus, ResellerProfileStatus, ServiceStatus } from "@/lib/generated/prisma/enums";
import type { OperatorContext } from "./operator-context";

type Counts<S extends string> = { total: number; byStatus: Record<S, number> };

export type OperatorDashboard = {
  accounts: Counts<AccountStatus>;
  resellers: Counts<ResellerProfileStatus>;
  products: { total: number; enabled: number };
  services: Counts<ServiceStatus>;
};

function countsOf<S extends string>(statuses: readonly S[], groups: Array<{ status: S; _count: { _all: number } }>): Counts<S> {
  const byStatus = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  for (const g of groups) byStatus[g.status] = g._count._all;

  return { total: groups.reduce((n, g) => n + g._count._all, 0), byStatus };
}

const ACCOUNT_STATUSES = ["active", "suspended", "closed"] as const;
const RESELLER_STATUSES = ["pending", "active", "suspended", "closed"] as const;
const SERVICE_STATUSES = [
  "active",
  "installing",
  "pending",
  "pending_payment",
  "suspended",
  "provisioning_failed",
  "cancelled",
  "terminated",
  "fraud",
] as const;

/** Instance-wide figures for the operator console's first page. */
export async function getOperatorDashboard({ db }: OperatorContext): Promise<OperatorDashboard> {
  const [accounts, resellers, productsTotal, productsEnabled, services] = await Promise.all([
    db.clientAccount.groupBy({ by: ["status"], _count: { _all: true } }),
    db.resellerProfile.groupBy({ by: ["status"], _count: { _all: true } }),
    db.product.count(),
    db.product.count({ where: { enabled: true } }),
    db.service.groupBy({ by: ["status"], _count: { _all: true } }),
  ]);

  return {
    accounts: countsOf(ACCOUNT_STATUSES, accounts),
    resellers: countsOf(RESELLER_STATUSES, resellers),
    products: { total: productsTotal, enabled: productsEnabled },
    services: countsOf(SERVICE_STATUSES, services),
  };
}
