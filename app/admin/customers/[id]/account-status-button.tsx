"use client";

import type { FormActionState } from "@/lib/actions/action-result";
import { ReasonDialogButton, type ReasonDialogCopy } from "@/app/admin/_components/reason-dialog-button";

const COPY: Record<"suspend" | "unsuspend", ReasonDialogCopy> = {
  suspend: {
    button: "Suspend account",
    title: "Suspend this account?",
    description: "Its people and API keys can still read everything but change nothing until it is unsuspended. Services keep running.",
    label: "Reason",
    hint: "Required, up to 200 characters. Kept in the operator activity.",
    confirm: "Suspend account",
    pending: "Suspending…",
  },
  unsuspend: {
    button: "Unsuspend",
    title: "Unsuspend this account?",
    description: "Its people and API keys can change things again at once.",
    label: "Note (optional)",
    hint: "Up to 200 characters. Kept in the operator activity.",
    confirm: "Unsuspend",
    pending: "Unsuspending…",
  },
};

/** Suspends or unsuspends the customer account after a dialog that asks why (required to suspend). One action for both (the form says which), so the same dialog carries on when the page comes back with the other button. */
export function AccountStatusButton({ mode, action }: { mode: "suspend" | "unsuspend"; action: (prev: FormActionState, formData: FormData) => Promise<FormActionState> }) {
  return <ReasonDialogButton copy={COPY[mode]} fields={{ change: mode }} danger={mode === "suspend"} action={action} />;
}

