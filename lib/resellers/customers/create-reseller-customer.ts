import { RESELLER_CUSTOMER_SELECT, type ResellerContext, type ResellerCustomerRecord } from "./reseller-customer-row";

export interface CreateResellerCustomerInput {
  externalCustomerId: string;
  email?: string | null;
  name?: string | null;
}

/**
 * Creates a customer record, idempotently on `externalCustomerId`: when the reseller already has
 * one with that id it is returned unchanged (`created: false`), also when two requests race
 * (INSERT … ON CONFLICT DO NOTHING, then read).
 */
export async function createResellerCustomer(
  { db, actor }: ResellerContext,
  input: CreateResellerCustomerInput,
): Promise<{ customer: ResellerCustomerRecord; created: boolean }> {
  const inserted = await db.resellerCustomer.createManyAndReturn({
    data: [{ resellerId: actor.resellerId, externalCustomerId: input.externalCustomerId, email: input.email ?? null, name: input.name ?? null }],
    skipDuplicates: true,
    select: RESELLER_CUSTOMER_SELECT,
  });
  if (inserted[0]) return { customer: inserted[0], created: true };
  const existing = await db.resellerCustomer.findUniqueOrThrow({
    where: { resellerId_externalCustomerId: { resellerId: actor.resellerId, externalCustomerId: input.externalCustomerId } },
    select: RESELLER_CUSTOMER_SELECT,
  });
  return { customer: existing, created: false };
}
