"use server";

import { revalidatePath } from "next/cache";
import { operatorActionContext } from "@/app/admin/_lib/operator-action-context";
import type { ActionResult, FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { markDocumentPaid } from "@/lib/admin/invoices/mark-document-paid";
import { refundInvoiceToCredit } from "@/lib/admin/invoices/refund-invoice-to-credit";
import { voidDocument } from "@/lib/admin/invoices/void-document";

import type { BillingDocumentType } from "@/lib/billing/billing-errors";
import { formatMoney } from "@/lib/format/format-money";

// The document page's mutations (docs/operator-console.md, "Invoices"): each checks the operator,
// calls one function of lib/admin/invoices (which takes the document's lock and writes the audit
// row in its transaction) and answers ActionResult.


function revalidate(type: BillingDocumentType, id: string) {
  revalidatePath(`/admin/invoices/${type}/${id}`);
  revalidatePath("/admin/invoices");
  revalidatePath("/admin/customers/[id]", "page");
}

/** Records a bank transfer (the dialog's `reference`) that pays the document in full. */
export async function markPaidAction(type: BillingDocumentType, id: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  const ctx = await operatorActionContext();
  return runFormAction(formData, async (v) => {
    const r = await markDocumentPaid(ctx, { type, id, reference: v.reference ?? "" });
    revalidate(type, id);
    if (r.invoice.id !== id) revalidatePath(`/admin/invoices/invoice/${r.invoice.id}`);
    const released = r.releasedServiceIds.length;
    const services = released ? ` ${released === 1 ? "Its service is" : `Its ${released} services are`} being set up.` : "";
    const issued = type === "proforma" ? ` Invoice ${r.invoice.number} issued.` : "";
    return `Paid: ${formatMoney(r.amount, r.currency)} by bank transfer.${issued}${services}`;
  });
}

/** Voids an unpaid document (its order too, when it is an unpaid order's) for the dialog's reason. */
export async function voidDocumentAction(type: BillingDocumentType, id: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  const ctx = await operatorActionContext();
  return runFormAction(formData, async (v) => {
    const r = await voidDocument(ctx, { type, id, reason: v.reason ?? "" });
    revalidate(type, id);
    if (r.order) for (const d of r.order.documents) revalidatePath(`/admin/invoices/${d.type}/${d.id}`);
    return r.order ? `Voided, with order ${r.order.orderNumber} and its ${r.order.services === 1 ? "service" : `${r.order.services} services`}.` : "Voided.";
  });
}

/** Refunds a paid invoice to the account's credit for the dialog's reason. */
export async function refundInvoiceAction(id: string, _prev: FormActionState, formData: FormData): Promise<ActionResult> {
  const ctx = await operatorActionContext();
  return runFormAction(formData, async (v) => {
    const r = await refundInvoiceToCredit(ctx, { id, reason: v.reason ?? "" });
    revalidate("invoice", id);
    return `Refunded ${formatMoney(r.amount, r.currency)} to the customer's credit (balance ${formatMoney(r.balanceAfter, r.currency)}), with credit note ${r.creditNote.number}.`;
  });
}
