import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { RESELLER_CUSTOMER_SELECT, type ResellerContext, type ResellerCustomerRecord } from "./reseller-customer-row";

export interface ResellerCustomerPatch {
  /** `undefined` leaves the field alone; `null` clears it. */
  email?: string | null;
  name?: string | null;
  /** Replaces the whole metadata object. */
  metadata?: Record<string, unknown>;
}

export const CUSTOMER_NOT_FOUND = "Customer not found";

/** Changes only the fields sent; 404 (never distinguished) when the record is not the reseller's. */
export async function updateResellerCustomer(
  { db, actor }: ResellerContext,
  { id: customerId, patch }: { id: string; patch: ResellerCustomerPatch },
): Promise<ResellerCustomerRecord> {
  const data: Prisma.ResellerCustomerUpdateManyMutationInput = {};
  if (patch.email !== undefined) data.email = patch.email;
  if (patch.name !== undefined) data.name = patch.name;
  if (patch.metadata !== undefined) data.metadata = patch.metadata as Prisma.InputJsonObject;
  if (actor.boundCustomerId && actor.boundCustomerId !== customerId) throw new DomainError("not_found", CUSTOMER_NOT_FOUND);
  const { count } = await db.resellerCustomer.updateMany({ where: { id: customerId, resellerId: actor.resellerId }, data });
  if (count === 0) throw new DomainError("not_found", CUSTOMER_NOT_FOUND);
  return db.resellerCustomer.findUniqueOrThrow({ where: { id: customerId }, select: RESELLER_CUSTOMER_SELECT });
}
