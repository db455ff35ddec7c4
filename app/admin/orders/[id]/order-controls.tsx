"use client";

import { ReasonDialogButton, type ReasonDialogCopy } from "@/app/admin/_components/reason-dialog-button";
import { RowAction } from "@/app/admin/_components/row-action";
import type { FormActionState } from "@/lib/actions/action-result";

type FormAction = (prev: FormActionState, formData: FormData) => Promise<FormActionState>;

const CANCEL: ReasonDialogCopy = {
  button: "Cancel order",
  title: "Cancel this order?",
  description:
    "Unpaid: its invoice and services are cancelled. Paid: its services that were never set up are cancelled and what was paid for them goes back to the customer's credit (a failed setup refunded before gets nothing more). Nothing goes back to a card. This cannot be undone.",
  label: "Reason",
  hint: "Required, up to 200 characters. It is on the customer's credit statement and in the operator activity.",
  confirm: "Cancel order",
  pending: "Cancelling…",
};

/** What the order's state allows: retry a failed setup, cancel with a refund to credit. */
export function OrderControls({ can, cancel, retry }: { can: { retry: boolean; cancel: boolean }; cancel: FormAction; retry: FormAction }) {
  if (!can.retry && !can.cancel) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {can.retry && (
        <RowAction
          action={retry}
          label="Retry setup"
          pendingLabel="Retrying…"
          variant="secondary"
          confirm={{
            title: "Retry the failed setup?",
            description: "Each service of this order whose build failed is built again from the beginning, on whatever node has room. What was refunded when it failed stays refunded: nothing is charged now.",
            confirmLabel: "Retry setup",
          }}
        />
      )}
      {can.cancel && <ReasonDialogButton copy={CANCEL} danger action={cancel} />}
    </div>
  );
}
