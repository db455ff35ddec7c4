import { getDb, type Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { backendContext } from "@/lib/backends/context";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import { resumeAfterInvoicePaid } from "./renewals/resume-renewed-services";
import { applyCreditToProforma, type ProformaCreditResult } from "./apply-credit-to-proforma";
import { amountExceedsOutstanding, assertPaymentAmount, documentNotPayable, INSUFFICIENT_CREDIT } from "./billing-errors";
import { lockProforma } from "./lock-billing-document";
import { resolveCreditAccountId, type CreditActor } from "./resolve-credit-account";

/**
 * `POST /proformas/{id}/pay` and the panel's form: pays a proforma of the actor's account from the
 * actor's own credit, whole or `amount` of it; fully paid, it converts into a paid invoice. Same
 * locking and refusals as payInvoiceFromCredit (`Proforma cannot be paid: it has already been
 * converted to an invoice`, `Amount exceeds the outstanding proforma balance`,
 * `Insufficient credit balance`).
 */
export async function payProformaFromCredit(
  actor: CreditActor,
  proformaId: string,
  options: { amount?: Prisma.Decimal; now?: Date; db?: Db } = {},
): Promise<ProformaCreditResult> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  if (options.amount) assertPaymentAmount(options.amount);

  const result = await inTransaction(db, async (tx) => {
    const proforma = await lockProforma(tx, proformaId, actor.accountId);
    if (proforma.status !== "unpaid") throw new DomainError("invalid", documentNotPayable("proforma", proforma.status));
    const outstanding = proforma.total.minus(proforma.paidAmount);
    if (!outstanding.gt(0)) throw new DomainError("invalid", documentNotPayable("proforma", "settled"));
    const amount = options.amount ?? outstanding;
    if (amount.gt(outstanding)) throw new DomainError("invalid", amountExceedsOutstanding("proforma"));
    const creditAccountId = await resolveCreditAccountId(tx, actor);
    if (!creditAccountId) throw new DomainError("invalid", INSUFFICIENT_CREDIT);
    return applyCreditToProforma(tx, { proforma, creditAccountId, amount, now });
  });

  await requestProvisioning(result.releasedServiceIds);
  if (result.proformaPaid && result.invoice) await resumeAfterInvoicePaid(backendContext({ db }), result.invoice.id);
  return result;
}
