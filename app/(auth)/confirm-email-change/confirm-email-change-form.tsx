"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import type { FormActionState } from "@/lib/actions/action-result";
import { confirmEmailChangeAction } from "./actions";

export function ConfirmEmailChangeForm({ token, currentEmail, newEmail }: { token: string; currentEmail: string; newEmail: string }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(confirmEmailChangeAction, null);
  return (
    <form action={formAction} className="mt-4 space-y-4">
      {state && !state.ok && <Alert tone="error">{state.error}</Alert>}
      <p className="text-sm text-neutral-600">
        You will sign in with <span className="font-medium text-neutral-900">{newEmail}</span> instead of{" "}
        <span className="font-medium text-neutral-900">{currentEmail}</span>. Every session ends: sign in again with the new address.
      </p>
      <input type="hidden" name="token" value={token} />
      <SubmitButton className="w-full" pendingLabel="Changing your address…">
        Confirm the new address
      </SubmitButton>
    </form>
  );
}
