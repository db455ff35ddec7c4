import type { Db, DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";
import { scopeWhere } from "@/lib/services/find-scoped-service-or-throw";
import { SERVICE_NOT_FOUND } from "@/lib/services/service-rules";
import { resolveCreditAccountId, type CreditActor } from "../resolve-credit-account";
import { raiseRenewal, type RaisedRenewal } from "./raise-renewal";

import { renewRefusal } from "./can-renew-now";

export { RENEW_CANCELLATION_SCHEDULED, RENEW_NO_DUE_DATE, RENEW_NOT_HOURLY, RENEW_ONLY_ACTIVE } from "./can-renew-now";
export const RENEWAL_PENDING = "A document for this service is awaiting payment; pay it before requesting a renewal";

/**
 * Who renews: the caller, whose own credit auto-credit spends (CreditActor), and — from the
 * customer API — the project the request is narrowed to (a service outside it is not found).
 */
export interface RenewalActor extends CreditActor {
  projectId?: string | null;
  /** The project is the account's `default` one, which also holds services assigned to no project. */
  projectIsDefault?: boolean;
}

/** The context renewServiceNow takes first (lib/db/domain-context.ts). */
export type RenewalContext<D extends DbOrTx = DbOrTx> = DomainContext<RenewalActor, D>;

/**
 * `POST /services/{id}/renew` (the customer API spec: "billing; active non-hourly only; refused while a
 * document is awaiting payment"): raises the renewal document of the service's next period now,
 * whatever the lead time, through raiseRenewal (same numbering, VAT, auto-credit and the unique
 * service + period claim as the nightly run). Refusals: not the actor's service (or outside the
 * request's project) 404 `Service not found`; not active 403; hourly, no period,
 * cancellation scheduled 400; any unpaid invoice or proforma with a line for this service — or the
 * period already claimed by a concurrent call or the nightly run — 409 `RENEWAL_PENDING`.
 * The open-document check runs under the service's lock inside the renewal's transaction.
 * Paying the document moves nextDueDate on by one cycle (onInvoicePaid). Auto-credit, when the
 * account has it on, spends the caller's own credit (credit is per user), as member orders do.
 */
export async function renewServiceNow({ db, now, actor }: RenewalContext<Db>, input: { serviceId: string }): Promise<RaisedRenewal> {
  const mine = isUuid(input.serviceId) ? await db.service.findFirst({ where: { id: input.serviceId, ...scopeWhere(actor) }, select: { id: true } }) : null;
  if (!mine) throw new DomainError("not_found", SERVICE_NOT_FOUND);
  const serviceId = mine.id;
  const raised = await raiseRenewal(db, serviceId, {
    at: now,
    source: "customer",
    creditAccountId: actor.isOwner ? undefined : await resolveCreditAccountId(db, actor),
    precheck: async (tx, service) => {
      if (service.accountId !== actor.accountId) throw new DomainError("not_found", SERVICE_NOT_FOUND);
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
