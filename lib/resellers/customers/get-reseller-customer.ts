import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";
import { RESELLER_CUSTOMER_SELECT, type ResellerContext, type ResellerCustomerRecord } from "./reseller-customer-row";
import { CUSTOMER_NOT_FOUND } from "./update-reseller-customer";

/** Statuses that no longer hold a customer record in place (docs/decisions.md#d18, as deleteResellerCustomer). */
const FINISHED = ["terminated", "cancelled"] as const;

export interface ResellerCustomerDetail extends ResellerCustomerRecord {
  /** Services attributed to the record, any status. */
  serviceCount: number;
  /** Services neither terminated nor cancelled: while any exist the record cannot be deleted. */
  liveServiceCount: number;
}

/** One customer record of the reseller; 404 `Customer not found` when it is not theirs (never distinguished). */
export async function getResellerCustomerOrThrow({ db, actor }: ResellerContext, { id: customerId }: { id: string }): Promise<ResellerCustomerDetail> {
  if (!isUuid(customerId) || (actor.boundCustomerId && actor.boundCustomerId !== customerId)) throw new DomainError("not_found", CUSTOMER_NOT_FOUND);
  const row = await db.resellerCustomer.findFirst({
    where: { id: customerId, resellerId: actor.resellerId },
    select: { ...RESELLER_CUSTOMER_SELECT, _count: { select: { services: true } } },
  });
  if (!row) throw new DomainError("not_found", CUSTOMER_NOT_FOUND);
  const liveServiceCount = await db.service.count({ where: { resellerCustomerId: customerId, status: { notIn: [...FINISHED] } } });
  const { _count, ...record } = row;
  return { ...record, serviceCount: _count.services, liveServiceCount };
}
