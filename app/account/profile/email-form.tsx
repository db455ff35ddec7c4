"use client";

import { useActionState, useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { requestEmailChangeAction } from "./actions";

const FIELDS = ["newEmail", "currentPassword"] as const;

/**
 * The sign-in address: the new one and the current password. Each refusal sits under its field; the
 * address typed is kept, the password never. Success says where the link went; nothing changes yet.
 */
export function EmailForm({ email }: { email: string }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(requestEmailChangeAction, null);
  const refusal = state && !state.ok ? state : null;
  const errors = refusal?.fieldErrors ?? {};
  const sentence = refusalSentence(refusal, [...FIELDS]);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusal) ref.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [refusal]);

  return (
    <form ref={ref} action={formAction} noValidate aria-label="Email address" className="space-y-4" key={JSON.stringify(state)}>
      {sentence && <Alert tone="error">{sentence}</Alert>}
      {state?.ok && state.message && <Alert tone="success">{state.message}</Alert>}
      <div>
        <p className="text-sm font-medium text-neutral-800">Current address</p>
        <p className="mt-1 text-sm text-neutral-900">{email}</p>
      </div>
      <Field
        label="New address"
        name="newEmail"
        type="email"
        autoComplete="email"
        required
        hint="We send a link there; the address changes when you open it."
        defaultValue={refusal?.values?.newEmail ?? ""}
        error={errors.newEmail}
      />
      <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <SubmitButton pendingLabel="Sending…">Change address</SubmitButton>
    </form>
  );
}
