import { DomainError } from "@/lib/errors/domain-error";
import type { ServiceStatus, BillingCycle } from "@/lib/generated/prisma/enums";

export const RENEW_ONLY_ACTIVE = "Only an active service can be renewed";
export const RENEW_NOT_HOURLY = "Hourly services are charged from credit by the hour and are not renewed";
export const RENEW_CANCELLATION_SCHEDULED = "This service ends with its paid period (a cancellation is scheduled); withdraw the cancellation to renew it";
export const RENEW_NO_DUE_DATE = "This service has no billing period to renew yet";

export interface RenewableService {
  status: ServiceStatus;
  billingCycle: BillingCycle;
  nextDueDate: Date | null;
  cancellationScheduledDate: Date | null;
}

/**
 * Why "Renew now" is refused for this service's own state, or null: active, not hourly, with a
 * period, and no cancellation that ends it by the end of the paid period. The one rule for the
 * API's POST /services/{id}/renew (which also refuses while a document is open) and the panel's card.
 */
export function renewRefusal(service: RenewableService): DomainError | null {
  if (service.status !== "active") return new DomainError("forbidden", RENEW_ONLY_ACTIVE);
  if (service.billingCycle === "hourly") return new DomainError("invalid", RENEW_NOT_HOURLY);
  if (!service.nextDueDate) return new DomainError("invalid", RENEW_NO_DUE_DATE);
  if (service.cancellationScheduledDate && service.cancellationScheduledDate <= service.nextDueDate) return new DomainError("invalid", RENEW_CANCELLATION_SCHEDULED);
  return null;
}

export function canRenewNow(service: RenewableService): boolean {
  return renewRefusal(service) === null;
}
