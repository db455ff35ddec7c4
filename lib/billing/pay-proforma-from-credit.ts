import { applyCreditToProforma, type ProformaCreditResult } from "./apply-credit-to-proforma";
import { lockProforma } from "./lock-billing-document";
import { payDocumentFromCredit, type CreditPaymentOptions } from "./pay-document-from-credit";
import type { CreditActor } from "./resolve-credit-account";

/**
 * `POST /proformas/{id}/pay` and the panel's form: pays a proforma of the actor's account from the
 * actor's own credit, whole or `amount` of it; fully paid, it converts into a paid invoice. Locking
 * and refusals: payDocumentFromCredit (`Proforma cannot be paid: it has already been converted to
 * an invoice`, `Amount exceeds the outstanding proforma balance`, `Insufficient credit balance`).
 */
export function payProformaFromCredit(
  actor: CreditActor,
  proformaId: string,
  options: CreditPaymentOptions,
): Promise<ProformaCreditResult> {
  return payDocumentFromCredit(
    {
      type: "proforma",
      lock: lockProforma,
      apply: (tx, { document, ...payment }) => applyCreditToProforma(tx, { proforma: document, ...payment }),
      paidInvoiceId: (r) => (r.proformaPaid ? (r.invoice?.id ?? null) : null),
    },
    actor,
    proformaId,
    options,
  );
}
