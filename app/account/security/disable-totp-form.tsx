"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { fieldError, refusalSentence } from "@/lib/actions/refusal-sentence";
import { fieldErrorsOf, ZDisableTotpSchema } from "@/lib/auth/schemas";
import { disableTotpAction } from "./actions";

export function DisableTotpForm() {
  const [state, formAction] = useActionState<FormActionState, FormData>(disableTotpAction, null);
  const refusal = refusalSentence(state, ["code"]);
  const [clientError, setClientError] = useState<string>();

  function validate(e: React.FormEvent<HTMLFormElement>) {
    const parsed = ZDisableTotpSchema.safeParse({ code: new FormData(e.currentTarget).get("code") });
    if (parsed.success) return setClientError(undefined);
    e.preventDefault();
    setClientError(fieldErrorsOf(parsed.error).code);
  }

  return (
    <form action={formAction} onSubmit={validate} noValidate className="space-y-3 border-t border-neutral-100 pt-4">
      <p className="text-sm font-medium text-neutral-900">Turn off two-factor authentication</p>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <div className="flex flex-wrap items-start gap-3">
        <Field
          label="Current code or a recovery code"
          name="code"
          autoComplete="one-time-code"
          spellCheck={false}
          className="w-64 [&_input]:font-mono"
          error={clientError ?? fieldError(state, "code")}
          onChange={() => clientError && setClientError(undefined)}
        />
        <SubmitButton variant="danger" className="mt-6.5" pendingLabel="Turning off…">
          Turn off
        </SubmitButton>
      </div>
    </form>
  );
}
