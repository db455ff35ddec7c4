import type { Db } from "@/lib/db/client";
import { applyCreditToInvoice, type InvoiceCreditResult } from "./apply-credit-to-invoice";
import { lockInvoice } from "./lock-billing-document";
import { payDocumentFromCredit, type CreditPaymentInput } from "./pay-document-from-credit";
import type { CreditContext } from "./resolve-credit-account";

/**
 * `POST /invoices/{id}/pay` and the panel's "Pay from credit": pays an invoice of the actor's
 * account from the actor's own credit, whole or `amount` of it; paid in full, the invoice is `paid`
 * and the services waiting for it start. Locking and refusals: payDocumentFromCredit
 * (`Invoice cannot be paid: …`, `Amount exceeds the outstanding invoice balance`,
 * `Insufficient credit balance`).
 */
export function payInvoiceFromCredit(
  ctx: CreditContext<Db>,
  input: CreditPaymentInput,
): Promise<InvoiceCreditResult> {
  return payDocumentFromCredit(
    {
      type: "invoice",
      lock: lockInvoice,
      apply: (tx, { document, ...payment }) => applyCreditToInvoice(tx, { invoice: document, ...payment }),
      paidInvoiceId: (r) => (r.invoicePaid ? r.invoice.id : null),
    },
    ctx,
    input,
  );
}
