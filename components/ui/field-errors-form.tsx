"use client";

import { useActionState, useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import type { FormActionState } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";

/** What a refusal gives the fields: the message under each, and what was sent back to show again. */
export interface FieldErrorsFormRefusal {
  errors: Record<string, string>;
  values: Record<string, string>;
}

/**
 * A form whose server action refuses field by field: the refusal's sentence above the fields unless
 * every message sits under one of `fields`, the success message, and focus on the first field to fix.
 * A new key per result re-mounts the uncontrolled inputs, so a password typed is never kept and the
 * values `children` shows are the ones sent back.
 */
export function FieldErrorsForm({
  action,
  label,
  fields,
  children,
}: {
  action: (prev: FormActionState, formData: FormData) => Promise<FormActionState>;
  label: string;
  /** The inputs that show their own error, so the sentence is not repeated above them. */
  fields: readonly string[];
  children: (refusal: FieldErrorsFormRefusal) => React.ReactNode;
}) {
  const [state, formAction] = useActionState<FormActionState, FormData>(action, null);
  const refusal = state && !state.ok ? state : null;
  const sentence = refusalSentence(refusal, fields);
  const ref = useRef<HTMLFormElement>(null);
  // Keyboard users land on the first field to fix rather than at the top of the page.
  useEffect(() => {
    if (refusal) ref.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [refusal]);

  return (
    <form ref={ref} action={formAction} noValidate aria-label={label} className="space-y-4" key={JSON.stringify(state)}>
      {sentence && <Alert tone="error">{sentence}</Alert>}
      {state?.ok && state.message && <Alert tone="success">{state.message}</Alert>}
      {children({ errors: refusal?.fieldErrors ?? {}, values: refusal?.values ?? {} })}
    </form>
  );
}
