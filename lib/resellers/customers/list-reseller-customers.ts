import type { Prisma } from "@/lib/generated/prisma/client";
import { RESELLER_CUSTOMER_SELECT, type ResellerContext, type ResellerCustomerRecord } from "./reseller-customer-row";

export interface ListResellerCustomersInput {
  page: number;
  limit: number;
  /** Matches the external id, email or name (case-insensitive substring). */
  search?: string;
}

/**
 * One page of a reseller's customer records, newest first, each with the number of services
 * attributed to it (any status). A customer-bound key sees its own record only.
 */
export async function listResellerCustomers(
  { db, actor }: ResellerContext,
  input: ListResellerCustomersInput,
): Promise<{ customers: (ResellerCustomerRecord & { serviceCount: number })[]; total: number }> {
  const search = input.search?.trim();
  const where: Prisma.ResellerCustomerWhereInput = {
    resellerId: actor.resellerId,
    ...(actor.boundCustomerId ? { id: actor.boundCustomerId } : {}),
    ...(search
      ? {
          OR: [
            { externalCustomerId: { contains: search, mode: "insensitive" } },
            { email: { contains: search, mode: "insensitive" } },
            { name: { contains: search, mode: "insensitive" } },
          ],
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db.resellerCustomer.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (input.page - 1) * input.limit,
      take: input.limit,
      select: { ...RESELLER_CUSTOMER_SELECT, _count: { select: { services: true } } },
    }),
    db.resellerCustomer.count({ where }),
  ]);
  return { customers: rows.map(({ _count, ...row }) => ({ ...row, serviceCount: _count.services })), total };
}
