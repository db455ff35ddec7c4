"use client";

import { useActionState, useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { changePasswordAction } from "./password-actions";

const FIELDS = ["currentPassword", "newPassword", "confirm"] as const;

/**
 * Current password, new password typed twice. Each refusal sits under its field; passwords are not
 * kept after a refusal. Success redirects (the page then says the password changed).
 */
export function ChangePasswordForm() {
  const [state, formAction] = useActionState<FormActionState, FormData>(changePasswordAction, null);
  const refusal = state && !state.ok ? state : null;
  const errors = refusal?.fieldErrors ?? {};
  const sentence = refusalSentence(refusal, [...FIELDS]);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusal) ref.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [refusal]);

  return (
    <form ref={ref} action={formAction} noValidate aria-label="Change password" className="space-y-4" key={JSON.stringify(state)}>
      {sentence && <Alert tone="error">{sentence}</Alert>}
      <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <Field label="New password" name="newPassword" type="password" autoComplete="new-password" required hint="At least 10 characters." error={errors.newPassword} />
      <Field label="New password again" name="confirm" type="password" autoComplete="new-password" required error={errors.confirm} />
      <SubmitButton pendingLabel="Changing…">Change password</SubmitButton>
    </form>
  );
}
