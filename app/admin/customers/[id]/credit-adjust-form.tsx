"use client";

import { useActionState, useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";

/**
 * Adds credit to the account or removes it, for a reason the customer will read on their credit
 * page. Errors sit under their field (what was typed is kept); after a change the sentence gives the
 * new balance and the fields are cleared for the next one.
 */
export function CreditAdjustForm({ action, currency }: { action: (prev: FormActionState, formData: FormData) => Promise<FormActionState>; currency: string }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(action, null);
  const refusal = state && !state.ok ? state : null;
  const shown = refusal?.values ?? {};
  const errors = refusal?.fieldErrors ?? {};
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusal) ref.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [refusal]);
  const direction = shown.direction === "remove" ? "remove" : "add";

  return (
    <form ref={ref} action={formAction} noValidate aria-label="Adjust credit" className="space-y-4" key={JSON.stringify(state)}>
      {refusal && <Alert tone="error">{refusal.error}</Alert>}
      {state?.ok && state.message && <Alert tone="success">{state.message}</Alert>}
      <fieldset aria-describedby={errors.direction ? "credit-direction-error" : undefined}>
        <legend className="text-sm font-medium text-neutral-800">Change</legend>
        <div className="mt-1.5 flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ["add", "Add credit"],
              ["remove", "Remove credit"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-neutral-800">
              <input type="radio" name="direction" value={value} defaultChecked={direction === value} className="size-4 accent-neutral-900" />
              {label}
            </label>
          ))}
        </div>
        {errors.direction && (
          <p id="credit-direction-error" className="mt-1 text-xs font-medium text-red-600">
            {errors.direction}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field
          label={`Amount (${currency})`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={shown.amount ?? ""}
          error={errors.amount}
          className="[&_input]:tabular-nums"
        />
        <Field
          label="Reason"
          name="reason"
          autoComplete="off"
          defaultValue={shown.reason ?? ""}
          error={errors.reason}
          hint="Up to 200 characters. The customer sees it on their credit page."
        />
      </div>
      <SubmitButton pendingLabel="Applying…">Apply</SubmitButton>
    </form>
  );
}
