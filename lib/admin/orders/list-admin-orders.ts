import type { OrderStatus, OrderType, Prisma } from "@/lib/generated/prisma/client";
import { pageWindow } from "@/lib/schemas/pagination";
import type { OperatorContext } from "../operator-context";

export const ORDERS_PAGE_SIZE = 25;

export const ORDER_STATUSES = ["pending", "invoiced", "paid", "payment_failed", "provisioning_failed", "active", "cancelled"] as const satisfies readonly OrderStatus[];
export const ORDER_TYPES = ["new", "upgrade", "addon", "renewal"] as const satisfies readonly OrderType[];
export const ORDER_SOURCES = ["direct", "reseller"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** The list's filters as the page's GET form sends them; anything unknown is dropped (no filter), never an error. */
export interface AdminOrderFilters {
  status?: string;
  type?: string;
  source?: string;
  /** An order number (or its start), or part of the customer's name, company or owner's email. */
  q?: string;
}

export interface AppliedOrderFilters {
  status: OrderStatus | null;
  type: OrderType | null;
  source: OrderSource | null;
  q: string | null;
}

export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  orderType: OrderType;
  status: OrderStatus;
  total: Prisma.Decimal;
  currency: string;
  account: { id: string; name: string; company: string | null };
  reseller: { id: string; name: string } | null;
  services: number;
  createdAt: Date;
}

export interface AdminOrderList {
  rows: AdminOrderRow[];
  total: number;
  page: number;
  pages: number;
  filters: AppliedOrderFilters;
}

const oneOf = <T extends string>(values: readonly T[], v: string | undefined): T | null => ((values as readonly string[]).includes(v ?? "") ? (v as T) : null);

export function appliedOrderFilters(input: AdminOrderFilters): AppliedOrderFilters {
  const q = input.q?.trim().slice(0, 100) || null;
  return { status: oneOf(ORDER_STATUSES, input.status), type: oneOf(ORDER_TYPES, input.type), source: oneOf(ORDER_SOURCES, input.source), q };
}

function whereOf(f: AppliedOrderFilters): Prisma.OrderWhereInput {
  const and: Prisma.OrderWhereInput[] = [];
  if (f.status) and.push({ status: f.status });
  if (f.type) and.push({ orderType: f.type });
  if (f.source) and.push({ resellerId: f.source === "reseller" ? { not: null } : null });
  if (f.q) {
    const contains = { contains: f.q, mode: "insensitive" as const };
    and.push({
      OR: [
        { orderNumber: { startsWith: f.q.toUpperCase() } },
        { externalOrderId: f.q },
        { account: { OR: [{ name: contains }, { company: contains }, { owner: { email: contains } }] } },
      ],
    });
  }
  return and.length ? { AND: and } : {};
}

/**
 * Every order of every account for the operator console, newest first, 25 a page, narrowed by
 * status, type, who placed it (a customer directly or a reseller) and a search of the order number
 * or the customer. Two queries: the rows with their account, reseller and service count, and the total.
 */
export async function listAdminOrders({ db }: OperatorContext, input: AdminOrderFilters & { page?: number }): Promise<AdminOrderList> {
  const filters = appliedOrderFilters(input);
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const where = whereOf(filters);
  const [orders, total] = await Promise.all([
    db.order.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(page, ORDERS_PAGE_SIZE),
      select: {
        id: true,
        orderNumber: true,
        orderType: true,
        status: true,
        total: true,
        currency: true,
        createdAt: true,
        account: { select: { id: true, name: true, company: true } },
        reseller: { select: { id: true, account: { select: { name: true, company: true } } } },
        _count: { select: { services: true } },
      },
    }),
    db.order.count({ where }),
  ]);
  return {
    rows: orders.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      orderType: o.orderType,
      status: o.status,
      total: o.total,
      currency: o.currency,
      account: o.account,
      reseller: o.reseller ? { id: o.reseller.id, name: o.reseller.account.company ?? o.reseller.account.name } : null,
      services: o._count.services,
      createdAt: o.createdAt,
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)),
    filters,
  };
}
