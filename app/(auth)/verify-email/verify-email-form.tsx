"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import type { FormActionState } from "@/lib/actions/action-result";
import { verifyEmailAction } from "../sign-up/actions";

export function VerifyEmailForm({ token, email }: { token: string; email: string }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(verifyEmailAction, null);
  return (
    <form action={formAction} className="mt-4 space-y-4">
      {state && !state.ok && <Alert tone="error">{state.error}</Alert>}
      <p className="text-sm text-neutral-600">
        Create your account for <span className="font-medium text-neutral-900">{email}</span>.
      </p>
      <input type="hidden" name="token" value={token} />
      <SubmitButton className="w-full" pendingLabel="Creating your account…">
        Confirm and create my account
      </SubmitButton>
    </form>
  );
}
