import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveCreditAccountId, type CreditActor } from "../resolve-credit-account";
import { raiseRenewal, type RaisedRenewal } from "./raise-renewal";

import { renewRefusal } from "./can-renew-now";

export { RENEW_CANCELLATION_SCHEDULED, RENEW_NO_DUE_DATE, RENEW_NOT_HOURLY, RENEW_ONLY_ACTIVE } from "./can-renew-now";
export const RENEWAL_PENDING = "A document for this service is awaiting payment; pay it before requesting a renewal";

/**
 * `POST /services/{id}/renew` (the customer API spec: "billing; active non-hourly only; refused while a
 * document is awaiting payment"): raises the renewal document of the service's next period now,
 * whatever the lead time, through raiseRenewal (same numbering, VAT, auto-credit and the unique
 * service + period claim as the nightly run). Refusals: not active 403; hourly, no period,
 * cancellation scheduled 400; any unpaid invoice or proforma with a line for this service — or the
 * period already claimed by a concurrent call or the nightly run — 409 `RENEWAL_PENDING`.
 * The open-document check runs under the service's lock inside the renewal's transaction.
 * Paying the document moves nextDueDate on by one cycle (onInvoicePaid). Auto-credit, when the
 * account has it on, spends the caller's own credit (credit is per user), as member orders do.
 */
export async function renewServiceNow(db: Db, serviceId: string, options: { at: Date; actor: CreditActor }): Promise<RaisedRenewal> {
  const { actor } = options;
  const raised = await raiseRenewal(db, serviceId, {
    at: options.at,
    source: "customer",
    creditAccountId: actor.isOwner ? undefined : await resolveCreditAccountId(db, actor),
    precheck: async (tx, service) => {
      if (service.accountId !== actor.accountId) throw new DomainError("not_found", "Service not found");
      const full = await tx.service.findUniqueOrThrow({
        where: { id: serviceId },
        select: { status: true, billingCycle: true, nextDueDate: true, cancellationScheduledDate: true },
      });
      const refusal = renewRefusal(full);
      if (refusal) throw refusal;
      const open =
        (await tx.invoice.count({ where: { status: "unpaid", items: { some: { serviceId } } } })) +
        (await tx.proforma.count({ where: { status: "unpaid", items: { some: { serviceId } } } }));
      if (open > 0) throw new DomainError("conflict", RENEWAL_PENDING, { code: "RENEWAL_PENDING" });
    },
  });
  if (!raised) throw new DomainError("conflict", RENEWAL_PENDING, { code: "RENEWAL_PENDING" });
  return raised;
}
