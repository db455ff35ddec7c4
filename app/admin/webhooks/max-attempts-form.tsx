"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { saveMaxAttemptsAction } from "./actions";
import { formatCount } from "@/lib/format/format-count";

export function MaxAttemptsForm({ current, min, max }: { current: number; min: number; max: number }) {
  const [state, action] = useActionState<FormActionState<{ saved: number }>, FormData>(saveMaxAttemptsAction, null);
  const saved = state?.ok ? state.data.saved : undefined;
  // The form's one input: a refusal, whatever it names, is about the limit and shows (its whole sentence) under it.
  const refusal = state && !state.ok ? state : null;

  return (
    <form action={action} noValidate aria-label="Attempt limit" className="space-y-3">
      {saved !== undefined && <Alert tone="success">Saved: deliveries fail for good after {formatCount(saved, "attempt")} from the next sweep on.</Alert>}
      <div className="flex flex-wrap items-start gap-3">
        <Field
          label="Attempts per delivery"
          name="webhookMaxAttempts"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          defaultValue={refusal?.values?.webhookMaxAttempts ?? (saved !== undefined ? String(saved) : String(current))}
          key={current}
          error={refusal?.error}
          hint={`${min}-${max}. 20 (the default) spans about fifteen hours; 5 gives up about fifteen minutes after the event.`}
          className="w-96 max-w-full"
        />
        <SubmitButton className="mt-6.5" pendingLabel="Saving…">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}
