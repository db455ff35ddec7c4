import type { AccountStatus, Prisma, ServiceStatus } from "@/lib/generated/prisma/client";
import { pageWindow } from "@/lib/schemas/pagination";
import type { OperatorContext } from "../operator-context";

export const CUSTOMERS_PAGE_SIZE = 25;

/** The statuses the list filters by, in the order the filter offers them. */
export const ACCOUNT_STATUSES = ["pending", "active", "suspended", "closed"] as const satisfies readonly AccountStatus[];

/** A service the account still has: ordered, being built, running or suspended (not ended or failed). */
export const LIVE_SERVICE_STATUSES = ["pending", "pending_payment", "installing", "active", "suspended"] as const satisfies readonly ServiceStatus[];

export interface CustomerSearchRow {
  id: string;
  name: string;
  company: string | null;
  ownerEmail: string;
  status: AccountStatus;
  liveServices: number;
  credit: { balance: Prisma.Decimal; currency: string };
  createdAt: Date;
}

export interface CustomerSearchResult {
  rows: CustomerSearchRow[];
  total: number;
  page: number;
  pages: number;
}

/**
 * What `q` matches: text in the account's name or company, a member's (or the owner's) email or
 * name, a service's hostname; exactly, an address assigned to one of the account's machines or an
 * invoice or proforma number. Blank matches every account.
 */
function searchWhere(q: string): Prisma.ClientAccountWhereInput {
  if (!q) return {};
  const text = { contains: q, mode: "insensitive" } as const;
  const exact = { equals: q, mode: "insensitive" } as const;
  const userMatches: Prisma.UserWhereInput = { OR: [{ email: text }, { name: text }] };
  const addressMatches = { ipAddresses: { some: { address: q } } };
  return {
    OR: [
      { name: text },
      { company: text },
      { owner: userMatches },
      { members: { some: { user: userMatches } } },
      { services: { some: { hostname: text } } },
      { services: { some: { OR: [{ virtualMachines: { some: addressMatches } }, { dedicatedServers: { some: addressMatches } }] } } },
      { invoices: { some: { number: exact } } },
      { proformas: { some: { number: exact } } },
    ],
  };
}

/**
 * Customer accounts for the operator console's search (and, when given, of one status: "pending" lists
 * the sign-ups waiting for approval), newest first, one page of 25: two queries
 * whatever the page holds (the rows with their owner and live-service count, and the total).
 */
export async function searchCustomers({ db }: OperatorContext, input: { q?: string; page?: number; status?: string | null }): Promise<CustomerSearchResult> {
  const q = (input.q ?? "").trim().slice(0, 200);
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const status = ACCOUNT_STATUSES.find((s) => s === input.status);
  const where: Prisma.ClientAccountWhereInput = status ? { AND: [searchWhere(q), { status }] } : searchWhere(q);
  const [accounts, total] = await Promise.all([
    db.clientAccount.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(page, CUSTOMERS_PAGE_SIZE),
      select: {
        id: true,
        name: true,
        company: true,
        status: true,
        currency: true,
        // The owner's credit is the account's cached balance (getCreditBalance for an owner reads
        // this column); reading it here keeps the page to one query instead of one per row.
        creditBalance: true,
        createdAt: true,
        owner: { select: { email: true } },
        _count: { select: { services: { where: { status: { in: [...LIVE_SERVICE_STATUSES] } } } } },
      },
    }),
    db.clientAccount.count({ where }),
  ]);
  return {
    rows: accounts.map((a) => ({
      id: a.id,
      name: a.name,
      company: a.company,
      ownerEmail: a.owner.email,
      status: a.status,
      liveServices: a._count.services,
      credit: { balance: a.creditBalance, currency: a.currency },
      createdAt: a.createdAt,
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)),
  };
}
