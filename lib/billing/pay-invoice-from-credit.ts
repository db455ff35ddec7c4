import { getDb, type Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { backendContext } from "@/lib/backends/context";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import { resumeAfterInvoicePaid } from "./renewals/resume-renewed-services";
import { applyCreditToInvoice, type InvoiceCreditResult } from "./apply-credit-to-invoice";
import { amountExceedsOutstanding, assertPaymentAmount, documentNotPayable, INSUFFICIENT_CREDIT } from "./billing-errors";
import { lockInvoice } from "./lock-billing-document";
import { resolveCreditAccountId, type CreditActor } from "./resolve-credit-account";

/**
 * `POST /invoices/{id}/pay` and the panel's "Pay from credit": pays an invoice of the actor's
 * account from the actor's OWN credit (credit is per user), the whole outstanding amount or
 * `amount` of it. One transaction: the invoice row is locked first, so twenty concurrent calls for
 * one invoice pay it once (the others find it paid); the credit moves through postCreditEntry's
 * conditional update, so concurrent payments of different invoices never overspend.
 * Refusals (400, in the order of docs/decisions.md#d29): not unpaid → `Invoice cannot be paid: …`; amount over the
 * outstanding balance → `Amount exceeds the outstanding invoice balance`; then
 * `Insufficient credit balance`. Services the payment releases are sent to provisioning after commit.
 */
export async function payInvoiceFromCredit(
  actor: CreditActor,
  invoiceId: string,
  options: { amount?: Prisma.Decimal; now?: Date; db?: Db } = {},
): Promise<InvoiceCreditResult> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  if (options.amount) assertPaymentAmount(options.amount);

  const result = await inTransaction(db, async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId, actor.accountId);
    if (invoice.status !== "unpaid") throw new DomainError("invalid", documentNotPayable("invoice", invoice.status));
    const outstanding = invoice.total.minus(invoice.paidAmount);
    if (!outstanding.gt(0)) throw new DomainError("invalid", documentNotPayable("invoice", "settled"));
    const amount = options.amount ?? outstanding;
    if (amount.gt(outstanding)) throw new DomainError("invalid", amountExceedsOutstanding("invoice"));
    const creditAccountId = await resolveCreditAccountId(tx, actor);
    if (!creditAccountId) throw new DomainError("invalid", INSUFFICIENT_CREDIT);
    return applyCreditToInvoice(tx, { invoice, creditAccountId, amount, now });
  });

  await requestProvisioning(result.releasedServiceIds);
  if (result.invoicePaid) await resumeAfterInvoicePaid(backendContext({ db }), result.invoice.id);
  return result;
}
