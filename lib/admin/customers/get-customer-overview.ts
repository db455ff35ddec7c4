import { getCreditBalance, type CreditBalance } from "@/lib/accounts/get-credit-balance";
import { listAuditEntries, type AuditEntryRow } from "@/lib/audit/list-audit-entries";
import { listCreditTransactions, type CreditTransaction } from "@/lib/billing/list-credit-transactions";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OperatorContext } from "../operator-context";

const DOCUMENT = { id: true, number: true, status: true, currency: true, total: true, paidAmount: true, dueDate: true, issuedAt: true } as const;

const ACCOUNT = {
  id: true,
  name: true,
  company: true,
  country: true,
  currency: true,
  vatNumber: true,
  status: true,
  createdAt: true,
  ownerId: true,
  owner: { select: { id: true, email: true, name: true, lastLoginAt: true, totpEnabledAt: true } },
  members: { orderBy: { createdAt: "asc" }, select: { createdAt: true, permissions: true, user: { select: { id: true, email: true, name: true, lastLoginAt: true, totpEnabledAt: true } } } },
  services: {
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, hostname: true, status: true, billingCycle: true, amount: true, currency: true, nextDueDate: true, createdAt: true, product: { select: { id: true, name: true } } },
  },
  invoices: { orderBy: [{ issuedAt: "desc" }, { id: "desc" }], take: 10, select: DOCUMENT },
  proformas: { orderBy: [{ issuedAt: "desc" }, { id: "desc" }], take: 10, select: DOCUMENT },
  orders: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 10, select: { id: true, orderNumber: true, orderType: true, status: true, total: true, currency: true, createdAt: true } },
  // Never the secret hash: the prefix (`rfk_` + lookup id) is what identifies a key to people.
  customerApiKeys: {
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, lookupId: true, label: true, createdAt: true, lastUsedAt: true, expiresAt: true, revokedAt: true, user: { select: { email: true } } },
  },
  resellerProfile: { select: { id: true, status: true } },
} as const satisfies Prisma.ClientAccountSelect;

type AccountRow = Prisma.ClientAccountGetPayload<{ select: typeof ACCOUNT }>;

export interface CustomerMember {
  userId: string;
  email: string;
  name: string;
  role: "owner" | "member";
  /** The member's permissions; the owner has them all. */
  permissions: string[];
  lastLoginAt: Date | null;
  /** Signs in with an authenticator code (what an operator can reset). */
  twoFactorEnabled: boolean;
}

export type CustomerInvoice = AccountRow["invoices"][number];
export type CustomerProforma = AccountRow["proformas"][number];

export interface CustomerOverview {
  account: Pick<AccountRow, "id" | "name" | "company" | "country" | "currency" | "vatNumber" | "status" | "createdAt">;
  members: CustomerMember[];
  services: AccountRow["services"];
  invoices: CustomerInvoice[];
  proformas: CustomerProforma[];
  /** The ten latest orders, newest first. */
  orders: AccountRow["orders"];
  credit: CreditBalance;
  ledger: CreditTransaction[];
  apiKeys: Array<Omit<AccountRow["customerApiKeys"][number], "lookupId" | "user"> & { prefix: string; createdBy: string }>;
  resellerProfile: AccountRow["resellerProfile"];
  /** The latest twenty operator audit entries about the account, newest first. */
  activity: AuditEntryRow[];
}

/**
 * One customer account as the operator console shows it: profile, people, services, the latest ten
 * orders, invoices and proformas, credit with the latest twenty ledger rows, API keys (never a secret) and
 * the latest twenty operator audit entries.
 * Credit is the owner's (credit is per user), read through the panel's own functions.
 */
export async function getCustomerOverviewOrThrow(ctx: OperatorContext, input: { accountId: string }): Promise<CustomerOverview> {
  const { db, now } = ctx;
  const row = /^[0-9a-f-]{36}$/i.test(input.accountId) ? await db.clientAccount.findUnique({ where: { id: input.accountId }, select: ACCOUNT }) : null;
  if (!row) throw new DomainError("not_found", "Customer account not found");

  const creditCtx = { db, now, actor: { accountId: row.id, userId: row.ownerId, isOwner: true } };
  const [credit, { transactions }, activity] = await Promise.all([
    getCreditBalance(creditCtx),
    listCreditTransactions(creditCtx, { page: 1, limit: 20 }),
    listAuditEntries(ctx, { scope: { accountId: row.id } }),
  ]);

  return {
    account: {
      id: row.id,
      name: row.name,
      company: row.company,
      country: row.country,
      currency: row.currency,
      vatNumber: row.vatNumber,
      status: row.status,
      createdAt: row.createdAt,
    },
    members: [
      {
        userId: row.owner.id,
        email: row.owner.email,
        name: row.owner.name,
        role: "owner",
        permissions: [],
        lastLoginAt: row.owner.lastLoginAt,
        twoFactorEnabled: row.owner.totpEnabledAt !== null,
      },
      ...row.members
        .filter((m) => m.user.id !== row.ownerId)
        .map((m) => ({
          userId: m.user.id,
          email: m.user.email,
          name: m.user.name,
          role: "member" as const,
          permissions: m.permissions,
          lastLoginAt: m.user.lastLoginAt,
          twoFactorEnabled: m.user.totpEnabledAt !== null,
        })),
    ],
    services: row.services,
    invoices: row.invoices,
    proformas: row.proformas,
    orders: row.orders,
    credit,
    ledger: transactions,
    apiKeys: row.customerApiKeys.map(({ lookupId, user, ...k }) => ({ ...k, prefix: `rfk_${lookupId}`, createdBy: user.email })),
    resellerProfile: row.resellerProfile,
    activity,
  };
}
