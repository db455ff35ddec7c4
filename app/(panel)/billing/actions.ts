"use server";

import { getDb } from "@/lib/db/client";
import { withCooldown } from "@/lib/cooldowns/with-cooldown";
import { MAY_NOT_PAY } from "@/lib/accounts/account-permissions";
import { revalidatePath } from "next/cache";
import { requireCustomerFor } from "@/lib/auth/session";
import { amountExceedsOutstanding, INVALID_AMOUNT, parsePaymentAmount, type BillingDocumentType } from "@/lib/billing/billing-errors";
import { payInvoiceFromCredit } from "@/lib/billing/pay-invoice-from-credit";
import { payProformaFromCredit } from "@/lib/billing/pay-proforma-from-credit";
import { runAction, type FormActionState } from "@/lib/actions/action-result";
import { DomainError } from "@/lib/errors/domain-error";
import { moneyString } from "@/lib/format/money-string";

/** What a payment from credit did; `settled` when the document is paid in full, `invoice` the invoice a paid proforma became. */
export type PaidFromCredit = { amount: string; currency: string; newBalance: string; settled: boolean; invoice: { id: string; number: string } | null };

/**
 * The form's state: ActionResult, null before the first submit. A refusal sends back what was
 * chosen and typed (`values.mode`, `values.amount`); a refused amount is under `fieldErrors.amount`.
 */
export type PayFromCreditState = FormActionState<PaidFromCredit>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const amountRefusal = (message: string) => new DomainError("invalid", message, { details: [{ field: "amount", message }] });

/** The panel's "Pay from credit" form, for both kinds of document: the same domain functions as the API. */
async function payFromCredit(type: BillingDocumentType, formData: FormData): Promise<PayFromCreditState> {
  const id = String(formData.get("documentId") ?? "");
  const choice = formData.get("mode");
  const typed = String(formData.get("amount") ?? "").trim();
  const values = { mode: typeof choice === "string" ? choice : "", amount: typed };
  return runAction(
    async () => {
      const { viewer, customer } = await requireCustomerFor({ change: true, may: "invoices:pay", refusal: MAY_NOT_PAY });
      // Never default to paying everything: a form that says nothing pays nothing.
      if (choice !== "full" && choice !== "part") throw new DomainError("invalid", "Choose whether to pay the full outstanding amount or part of it.");
      if (!UUID.test(id)) throw new DomainError("not_found", `That ${type} no longer exists.`);

      let amount: NonNullable<ReturnType<typeof parsePaymentAmount>> | undefined;
      if (choice === "part") {
        if (!typed) throw amountRefusal("Enter the amount to pay, for example 10.00.");
        const parsed = parsePaymentAmount(typed.replace(",", "."));
        if (!parsed) throw amountRefusal(`${INVALID_AMOUNT}, for example 10.00.`);
        amount = parsed;
      }
      const now = new Date();
      const ctx = { db: getDb(), now, actor: { accountId: customer.accountId, userId: viewer.user.id, isOwner: customer.role === "owner" } };
      // The customer API's cool-down for paying this document, shared with POST /{invoices|proformas}/{id}/pay.
      const cooled = <T>(fn: () => Promise<T>) => withCooldown(getDb(), { bucket: "creditPayment", userId: viewer.user.id, resourceId: id }, now, fn);
      try {
        if (type === "invoice") {
          const r = await cooled(() => payInvoiceFromCredit(ctx, { id, amount }));
          revalidatePath("/billing", "layout");
          return {
            data: { amount: moneyString(r.payment.amount), currency: r.payment.currency, newBalance: moneyString(r.newBalance), settled: r.invoicePaid, invoice: null },
          };
        }
        const r = await cooled(() => payProformaFromCredit(ctx, { id, amount }));
        revalidatePath("/billing", "layout");
        return {
          data: {
            amount: moneyString(r.creditApplied),
            currency: r.payment.currency,
            newBalance: moneyString(r.newBalance),
            settled: r.proformaPaid,
            invoice: r.invoice ? { id: r.invoice.id, number: r.invoice.number } : null,
          },
        };
      } catch (error) {
        // The over-payment refusal is about the amount typed: it shows under the amount.
        if (error instanceof DomainError && error.message === amountExceedsOutstanding(type)) throw amountRefusal(error.message);
        throw error;
      }
    },
    // The domain's sentences are the API's, without a full stop; the panel's forms end them with one.
    { log: "[panel] payment from credit failed", fullStop: true, values },
  );
}

export async function payInvoiceAction(_prev: PayFromCreditState, formData: FormData): Promise<PayFromCreditState> {
  return payFromCredit("invoice", formData);
}

export async function payProformaAction(_prev: PayFromCreditState, formData: FormData): Promise<PayFromCreditState> {
  return payFromCredit("proforma", formData);
}
