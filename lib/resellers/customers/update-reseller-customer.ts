import type { DbOrTx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { RESELLER_CUSTOMER_SELECT, type ResellerActor, type ResellerCustomerRecord } from "./reseller-customer-row";

export interface UpdateResellerCustomerInput {
  /** `undefined` leaves the field alone; `null` clears it. */
  email?: string | null;
  name?: string | null;
  /** Replaces the whole metadata object. */
  metadata?: Record<string, unknown>;
}

export const CUSTOMER_NOT_FOUND = "Customer not found";

/** Changes only the fields sent; 404 (never distinguished) when the record is not the reseller's. */
export async function updateResellerCustomer(
  actor: ResellerActor,
  customerId: string,
  input: UpdateResellerCustomerInput,
  options: { db: DbOrTx },
): Promise<ResellerCustomerRecord> {
  const { db } = options;
  const data: Prisma.ResellerCustomerUpdateManyMutationInput = {};
  if (input.email !== undefined) data.email = input.email;
  if (input.name !== undefined) data.name = input.name;
  if (input.metadata !== undefined) data.metadata = input.metadata as Prisma.InputJsonObject;
  if (actor.boundCustomerId && actor.boundCustomerId !== customerId) throw new DomainError("not_found", CUSTOMER_NOT_FOUND);
  const { count } = await db.resellerCustomer.updateMany({ where: { id: customerId, resellerId: actor.resellerId }, data });
  if (count === 0) throw new DomainError("not_found", CUSTOMER_NOT_FOUND);
  return db.resellerCustomer.findUniqueOrThrow({ where: { id: customerId }, select: RESELLER_CUSTOMER_SELECT });
}
