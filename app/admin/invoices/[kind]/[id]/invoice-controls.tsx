"use client";

import { ReasonDialogButton, type ReasonDialogCopy } from "@/app/admin/_components/reason-dialog-button";
import type { FormActionState } from "@/lib/actions/action-result";

type FormAction = (prev: FormActionState, formData: FormData) => Promise<FormActionState>;

const MARK_PAID: ReasonDialogCopy = {
  button: "Mark paid",
  title: "Record a bank transfer?",
  description: "The document is paid in full by this transfer, as if the customer had paid it online: a paid order's services are set up, a proforma becomes an invoice. Check the amount arrived first.",
  label: "Bank reference",
  hint: "Required, up to 100 characters: the transfer's id or end-to-end reference. Shown on the document's payments and kept in the operator activity.",
  confirm: "Mark paid",
  pending: "Recording…",
};

const VOID: ReasonDialogCopy = {
  button: "Void",
  title: "Void this document?",
  description: "It is cancelled and can no longer be paid. If it bills an unpaid order of new services, the order and its services are cancelled with it, as when the customer cancels it.",
  label: "Reason",
  hint: "Required, up to 200 characters. Kept in the operator activity.",
  confirm: "Void document",
  pending: "Voiding…",
};

const REFUND: ReasonDialogCopy = {
  button: "Refund to credit",
  title: "Refund this invoice to credit?",
  description: "What was paid on it is added to the customer's credit and the invoice becomes refunded. Nothing goes back to a card, and its services keep running: suspend or terminate them on their pages if they should stop.",
  label: "Reason",
  hint: "Required, up to 200 characters. It is on the customer's credit statement and in the operator activity.",
  confirm: "Refund to credit",
  pending: "Refunding…",
};

/** The actions the document's state allows; each asks in a dialog for its reference or reason. */
export function InvoiceControls({ can, markPaid, voidDocument, refund }: { can: { markPaid: boolean; void: boolean; refund: boolean }; markPaid: FormAction; voidDocument: FormAction; refund: FormAction | null }) {
  if (!can.markPaid && !can.void && !(can.refund && refund)) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {can.markPaid && <ReasonDialogButton copy={MARK_PAID} name="reference" action={markPaid} />}
      {can.void && <ReasonDialogButton copy={VOID} danger action={voidDocument} />}
      {can.refund && refund && <ReasonDialogButton copy={REFUND} danger action={refund} />}
    </div>
  );
}
