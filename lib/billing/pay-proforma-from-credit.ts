import type { Db } from "@/lib/db/client";
import { applyCreditToProforma, type ProformaCreditResult } from "./apply-credit-to-proforma";
import { lockProforma } from "./lock-billing-document";
import { payDocumentFromCredit, type CreditPaymentInput } from "./pay-document-from-credit";
import type { CreditContext } from "./resolve-credit-account";

/**
 * `POST /proformas/{id}/pay` and the panel's form: pays a proforma of the actor's account from the
 * actor's own credit, whole or `amount` of it; fully paid, it converts into a paid invoice. Locking
 * and refusals: payDocumentFromCredit (`Proforma cannot be paid: it has already been converted to
 * an invoice`, `Amount exceeds the outstanding proforma balance`, `Insufficient credit balance`).
 */
export function payProformaFromCredit(
  ctx: CreditContext<Db>,
  input: CreditPaymentInput,
): Promise<ProformaCreditResult> {
  return payDocumentFromCredit(
    {
      type: "proforma",
      lock: lockProforma,
      apply: (tx, { document, ...payment }) => applyCreditToProforma(tx, { proforma: document, ...payment }),
      paidInvoiceId: (r) => (r.proformaPaid ? (r.invoice?.id ?? null) : null),
    },
    ctx,
    input,
  );
}
