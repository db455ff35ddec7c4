"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { resetPasswordAction } from "./actions";

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(resetPasswordAction, null);
  const refusal = state && !state.ok ? state : null;
  const sentence = refusalSentence(refusal, ["password", "confirm"]);
  return (
    <form action={formAction} noValidate className="mt-4 space-y-4">
      {sentence && <Alert tone="error">{sentence}</Alert>}
      <p className="text-sm text-neutral-600">
        For <span className="font-medium text-neutral-900">{email}</span>. Every device signed in to this account is signed out.
      </p>
      <input type="hidden" name="token" value={token} />
      {/* Lets password managers file the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <Field label="New password" name="password" type="password" autoComplete="new-password" autoFocus required hint="At least 10 characters." error={refusal?.fieldErrors?.password} />
      <Field label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" required error={refusal?.fieldErrors?.confirm} />
      <SubmitButton className="w-full" pendingLabel="Saving…">
        Save new password
      </SubmitButton>
    </form>
  );
}
