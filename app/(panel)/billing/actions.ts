"use server";

import { ACCOUNT_SUSPENDED_MESSAGE, isAccountWritable, can } from "@/lib/accounts/account-permissions";
import { revalidatePath } from "next/cache";
import { requireCustomer } from "@/lib/auth/session";
import { INVALID_AMOUNT, parsePaymentAmount, type BillingDocumentType } from "@/lib/billing/billing-errors";
import { payInvoiceFromCredit } from "@/lib/billing/pay-invoice-from-credit";
import { payProformaFromCredit } from "@/lib/billing/pay-proforma-from-credit";
import { DomainError } from "@/lib/errors/domain-error";
import { moneyString } from "@/lib/format/money-string";

export type PayFromCreditState = {
  error?: string;
  amountError?: string;
  /** What the customer typed, kept after a refusal. */
  amount?: string;
  mode?: "full" | "part";
  paid?: { amount: string; currency: string; newBalance: string; settled: boolean; invoice: { id: string; number: string } | null };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The panel's "Pay from credit" form, for both kinds of document: the same domain functions as the API. */
async function payFromCredit(type: BillingDocumentType, formData: FormData): Promise<PayFromCreditState> {
  const viewer = await requireCustomer();
  if (!viewer.customer) return { error: "Your sign-in is not linked to a customer account." };
  if (!isAccountWritable(viewer.customer.accountStatus)) return { error: ACCOUNT_SUSPENDED_MESSAGE };
  if (!can(viewer.customer, "invoices.pay")) {
    return { error: "Your role on this account does not include paying invoices. Ask the account owner for the invoices.pay permission." };
  }
  const id = String(formData.get("documentId") ?? "");
  const choice = formData.get("mode");
  // Never default to paying everything: a form that says nothing pays nothing.
  if (choice !== "full" && choice !== "part") return { error: "Choose whether to pay the full outstanding amount or part of it." };
  const mode = choice;
  const typed = String(formData.get("amount") ?? "").trim();
  if (!UUID.test(id)) return { error: `That ${type} no longer exists.` };

  let amount;
  if (mode === "part") {
    if (!typed) return { mode, amount: typed, amountError: "Enter the amount to pay, for example 10.00." };
    amount = parsePaymentAmount(typed.replace(",", "."));
    if (!amount) return { mode, amount: typed, amountError: `${INVALID_AMOUNT}, for example 10.00.` };
  }
  const actor = { accountId: viewer.customer.accountId, userId: viewer.user.id, isOwner: viewer.customer.role === "owner" };
  try {
    if (type === "invoice") {
      const r = await payInvoiceFromCredit(actor, id, { amount });
      revalidatePath("/billing", "layout");
      return {
        paid: {
          amount: moneyString(r.payment.amount),
          currency: r.payment.currency,
          newBalance: moneyString(r.newBalance),
          settled: r.invoicePaid,
          invoice: null,
        },
      };
    }
    const r = await payProformaFromCredit(actor, id, { amount });
    revalidatePath("/billing", "layout");
    return {
      paid: {
        amount: moneyString(r.creditApplied),
        currency: r.payment.currency,
        newBalance: moneyString(r.newBalance),
        settled: r.proformaPaid,
        invoice: r.invoice ? { id: r.invoice.id, number: r.invoice.number } : null,
      },
    };
  } catch (error) {
    if (error instanceof DomainError) {
      const field = error.message.startsWith("Amount exceeds") ? "amountError" : "error";
      return { mode, amount: typed, [field]: `${error.message}.` };
    }
    throw error;
  }
}

export async function payInvoiceAction(_prev: PayFromCreditState, formData: FormData): Promise<PayFromCreditState> {
  return payFromCredit("invoice", formData);
}

export async function payProformaAction(_prev: PayFromCreditState, formData: FormData): Promise<PayFromCreditState> {
  return payFromCredit("proforma", formData);
}
