"use client";

import type { FormActionState } from "@/lib/actions/action-result";
import { ReasonDialogButton, type ReasonDialogCopy } from "@/app/admin/_components/reason-dialog-button";

export type AccountStatusChange = "suspend" | "unsuspend" | "approve" | "decline";

const COPY: Record<AccountStatusChange, ReasonDialogCopy> = {
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
  approve: {
    button: "Approve sign-up",
    title: "Approve this account?",
    description: "Its owner can order at once and is told by email.",
    label: "Note (optional)",
    hint: "Up to 200 characters. Kept in the operator activity.",
    confirm: "Approve",
    pending: "Approving…",
  },
  decline: {
    button: "Decline",
    title: "Decline this sign-up?",
    description: "The account is closed for good (it holds nothing yet). Its owner is emailed the reason you give.",
    label: "Reason (sent to the customer)",
    hint: "Required, up to 200 characters.",
    confirm: "Decline and close",
    pending: "Declining…",
  },
};

/** Suspends or unsuspends the customer account, or approves or declines its sign-up, after a dialog that asks why (required to suspend or decline). One action for both (the form says which), so the same dialog carries on when the page comes back with the other button. */
export function AccountStatusButton({ mode, action }: { mode: AccountStatusChange; action: (prev: FormActionState, formData: FormData) => Promise<FormActionState> }) {
  return <ReasonDialogButton copy={COPY[mode]} fields={{ change: mode }} danger={mode === "suspend" || mode === "decline"} action={action} />;
}

