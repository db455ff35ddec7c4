"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import type { ActionResult, FormActionState } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";

/** For an invited person without a sign-in: their name and a password, and they are on the team. */
export function JoinForm({ action, email }: { action: (prev: FormActionState, form: FormData) => Promise<ActionResult>; email: string }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(action, null);
  const refusal = state && !state.ok ? state : null;
  const sentence = refusalSentence(refusal, ["name", "password"]);
  return (
    <form action={formAction} noValidate aria-label="Create your sign-in" className="space-y-4 rounded-md border border-neutral-200 p-4">
      {sentence && <Alert tone="error">{sentence}</Alert>}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <Field label="Your name" name="name" autoComplete="name" required defaultValue={refusal?.values?.name} error={refusal?.fieldErrors?.name} />
      <Field label="Password" name="password" type="password" autoComplete="new-password" required hint="At least 10 characters." error={refusal?.fieldErrors?.password} />
      <SubmitButton variant="secondary" className="w-full" pendingLabel="Joining…">
        Create my sign-in and join
      </SubmitButton>
    </form>
  );
}
