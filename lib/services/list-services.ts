import { Prisma } from "@/lib/generated/prisma/client";
import { moneyString } from "@/lib/format/money-string";
import { scopeWhere, SCOPED_SERVICE_INCLUDE, type ScopedService } from "./find-scoped-service-or-throw";
import type { ServiceContext } from "./service-context";

export interface ListServicesInput {
  page: number;
  limit: number;
  /** Matched literally against the stored status: an unknown value gives an empty page (reseller spec). */
  status?: string;
  externalCustomerId?: string;
  /** Hostname, name or product name contains (the panel's search box). */
  search?: string;
  kinds?: ("vps" | "dedicated" | "game" | "ip_transit" | "colocation" | "generic")[];
}

const STATUSES = ["pending", "pending_payment", "installing", "active", "suspended", "provisioning_failed", "cancelled", "terminated", "fraud"] as const;

/** A page of the actor's services (its scope: account, customer record, project, kind), newest first. */
export async function listServices(ctx: ServiceContext, input: ListServicesInput): Promise<{ services: ScopedService[]; total: number }> {
  if (input.status !== undefined && !(STATUSES as readonly string[]).includes(input.status)) return { services: [], total: 0 };
  // AND keeps the scope's own OR (the default project) apart from the search's.
  const where: Prisma.ServiceWhereInput = {
    AND: [scopeWhere(ctx.actor)],
    ...(input.status ? { status: input.status as (typeof STATUSES)[number] } : {}),
    ...(input.externalCustomerId ? { resellerCustomer: { externalCustomerId: input.externalCustomerId } } : {}),
    ...(input.kinds ? { product: { kind: { in: input.kinds } } } : {}),
    ...(input.search
      ? {
          OR: [
            { hostname: { contains: input.search, mode: "insensitive" } },
            { name: { contains: input.search, mode: "insensitive" } },
            { product: { name: { contains: input.search, mode: "insensitive" } } },
          ],
        }
      : {}),
  };
  const [services, total] = await Promise.all([
    ctx.db.service.findMany({ where, include: SCOPED_SERVICE_INCLUDE, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: (input.page - 1) * input.limit, take: input.limit }),
    ctx.db.service.count({ where }),
  ]);
  return { services, total };
}

/** The customer list's `stats`: counts and money totals (per cycle, as billed) by status, over the actor's scope. */
export async function serviceStats(ctx: ServiceContext): Promise<{ total: number; by_status: Record<string, number>; amount_by_status: Record<string, string> }> {
  const rows = await ctx.db.service.groupBy({ by: ["status"], where: scopeWhere(ctx.actor), _count: { _all: true }, _sum: { amount: true } });
  return {
    total: rows.reduce((n, r) => n + r._count._all, 0),
    by_status: Object.fromEntries(rows.map((r) => [r.status, r._count._all])),
    amount_by_status: Object.fromEntries(rows.map((r) => [r.status, moneyString(r._sum.amount ?? new Prisma.Decimal(0))])),
  };
}
