import type { Db, Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { backendContext } from "@/lib/backends/context";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import { resumeAfterInvoicePaid } from "./renewals/resume-renewed-services";
import { amountExceedsOutstanding, assertPaymentAmount, documentNotPayable, INSUFFICIENT_CREDIT, type BillingDocumentType } from "./billing-errors";
import { resolveCreditAccountId, type CreditContext } from "./resolve-credit-account";

/** The document (`id`, of the actor's account) and what to pay of it (`amount`; default: the whole outstanding amount). */
export type CreditPaymentInput = { id: string; amount?: Prisma.Decimal };

type PayableDocument = { status: string; total: Prisma.Decimal; paidAmount: Prisma.Decimal };

/** What differs between paying an invoice and paying a proforma from credit. */
export interface CreditPayableKind<D extends PayableDocument, R extends { releasedServiceIds: string[] }> {
  type: BillingDocumentType;
  /** Locks the account's document until the transaction ends and reads it (lock-billing-document). */
  lock: (tx: Tx, documentId: string, accountId: string) => Promise<D>;
  /** Spends the credit on the locked, checked document (apply-credit-to-*). */
  apply: (tx: Tx, input: { document: D; creditAccountId: string; amount: Prisma.Decimal; now: Date }) => Promise<R>;
  /** The invoice the payment settled, if it settled one: its renewed services resume. */
  paidInvoiceId: (result: R) => string | null;
}

/**
 * Pays a document of the actor's account from the actor's OWN credit (credit is per user), the
 * whole outstanding amount or `amount` of it: payInvoiceFromCredit and payProformaFromCredit. One
 * transaction: the document row is locked first, so twenty concurrent calls for one document pay
 * it once (the others find it paid); the credit moves through postCreditEntry's conditional update,
 * so concurrent payments of different documents never overspend.
 * Refusals (400, in the order of docs/decisions.md#d29): not unpaid → `Invoice cannot be paid: …`
 * (or `Proforma …`); amount over the outstanding balance → `Amount exceeds the outstanding invoice
 * balance` (or proforma); then `Insufficient credit balance`. Services the payment releases are sent
 * to provisioning after commit.
 */
export async function payDocumentFromCredit<D extends PayableDocument, R extends { releasedServiceIds: string[] }>(
  kind: CreditPayableKind<D, R>,
  { db, now, actor }: CreditContext<Db>,
  input: CreditPaymentInput,
): Promise<R> {
  if (input.amount) assertPaymentAmount(input.amount);

  const result = await inTransaction(db, async (tx) => {
    const document = await kind.lock(tx, input.id, actor.accountId);
    if (document.status !== "unpaid") throw new DomainError("invalid", documentNotPayable(kind.type, document.status));
    const outstanding = document.total.minus(document.paidAmount);
    if (!outstanding.gt(0)) throw new DomainError("invalid", documentNotPayable(kind.type, "settled"));
    const amount = input.amount ?? outstanding;
    if (amount.gt(outstanding)) throw new DomainError("invalid", amountExceedsOutstanding(kind.type));
    const creditAccountId = await resolveCreditAccountId(tx, actor);
    if (!creditAccountId) throw new DomainError("invalid", INSUFFICIENT_CREDIT);
    return kind.apply(tx, { document, creditAccountId, amount, now });
  });

  await requestProvisioning(result.releasedServiceIds);
  const paidInvoiceId = kind.paidInvoiceId(result);
  if (paidInvoiceId) await resumeAfterInvoicePaid(backendContext({ db }), paidInvoiceId);
  return result;
}
