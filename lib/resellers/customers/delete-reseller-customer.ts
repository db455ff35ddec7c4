import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { ResellerContext } from "./reseller-customer-row";
import { CUSTOMER_NOT_FOUND } from "./update-reseller-customer";

/** Statuses that no longer hold a customer record in place (docs/decisions.md#d18). */
const FINISHED = ["terminated", "cancelled"] as const;

/**
 * Hard-deletes a customer record. Refused while any service attributed to it is neither
 * terminated nor cancelled, with the spec's exact sentence. On success, in one transaction: keys
 * bound to the customer are revoked, and orders and services keep their history with the
 * attribution emptied (foreign keys SET NULL).
 */
export async function deleteResellerCustomer(
  { db, now, actor }: ResellerContext<Db>,
  { id: customerId }: { id: string },
): Promise<{ id: string; revokedKeys: number }> {
  if (actor.boundCustomerId && actor.boundCustomerId !== customerId) throw new DomainError("not_found", CUSTOMER_NOT_FOUND);
  return db.$transaction(async (tx) => {
    // Locks the record so a concurrent order cannot attribute a service to it mid-check.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "ResellerCustomer" WHERE id = ${customerId}::uuid AND "resellerId" = ${actor.resellerId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw new DomainError("not_found", CUSTOMER_NOT_FOUND);
    const live = await tx.service.count({ where: { resellerCustomerId: customerId, status: { notIn: [...FINISHED] } } });
    if (live > 0) {
      throw new DomainError("invalid", `Cannot delete a customer with ${live} non-terminated service(s); terminate them first`);
    }
    const { count } = await tx.resellerApiKey.updateMany({ where: { customerId, revokedAt: null }, data: { revokedAt: now } });
    await tx.resellerCustomer.delete({ where: { id: customerId } });
    return { id: customerId, revokedKeys: count };
  });
}
