"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { updateNameAction } from "./actions";

/** The user's own name; the error sits under the field, what was typed is kept. */
export function NameForm({ name }: { name: string }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(updateNameAction, null);
  const refusal = state && !state.ok ? state : null;
  const sentence = refusalSentence(refusal, ["name"]);

  return (
    <form action={formAction} noValidate aria-label="Your name" className="space-y-4" key={JSON.stringify(state)}>
      {sentence && <Alert tone="error">{sentence}</Alert>}
      {state?.ok && state.message && <Alert tone="success">{state.message}</Alert>}
      <Field label="Name" name="name" autoComplete="name" required defaultValue={refusal?.values?.name ?? name} error={refusal?.fieldErrors?.name} />
      <SubmitButton pendingLabel="Saving…">Save name</SubmitButton>
    </form>
  );
}
