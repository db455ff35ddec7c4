"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { SelectField, TextareaField } from "@/components/ui/form-field";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { applyAction } from "./actions";

/** The reseller application; every refusal under its field, what was typed kept. */
export function ApplicationForm({ volumes }: { volumes: Array<{ value: string; label: string }> }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(applyAction, null);
  const refusal = state && !state.ok ? state : null;
  const sentence = refusalSentence(refusal, ["website", "monthlyVolume", "message"]);
  const values = refusal?.values ?? {};
  const errors = refusal?.fieldErrors ?? {};

  return (
    <form action={formAction} noValidate aria-label="Reseller application" className="space-y-4" key={JSON.stringify(state)}>
      {sentence && <Alert tone="error">{sentence}</Alert>}
      <Field label="Website (optional)" name="website" type="url" inputMode="url" autoComplete="url" placeholder="https://" defaultValue={values.website} error={errors.website} />
      <SelectField label="Services you expect to sell each month" name="monthlyVolume" defaultValue={values.monthlyVolume ?? ""} error={errors.monthlyVolume}>
        <option value="">Choose…</option>
        {volumes.map((v) => (
          <option key={v.value} value={v.value}>
            {v.label}
          </option>
        ))}
      </SelectField>
      <TextareaField label="About your business" name="message" rows={5} hint="Who your customers are and what you will sell them; 20 to 2,000 characters." defaultValue={values.message} error={errors.message} />
      <SubmitButton pendingLabel="Sending…">Send application</SubmitButton>
    </form>
  );
}
