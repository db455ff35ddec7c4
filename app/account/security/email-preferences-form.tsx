"use client";

import { useActionState, useId } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import type { FormActionState } from "@/lib/actions/action-result";
import { saveEmailPreferencesAction } from "./email-preferences-actions";

export interface EmailPreferenceRow {
  name: string;
  label: string;
  receive: boolean;
}

/** One box per optional email (ticked: received) and Save; the required ones are named, not offered. */
export function EmailPreferencesForm({ preferences }: { preferences: EmailPreferenceRow[] }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(saveEmailPreferencesAction, null);
  const id = useId();
  return (
    <form action={formAction} aria-label="Email notifications" className="space-y-4">
      {state && !state.ok && <Alert tone="error">{state.error}</Alert>}
      {state?.ok && state.message && <Alert tone="success">{state.message}</Alert>}
      <fieldset className="space-y-3">
        <legend className="sr-only">Emails you receive</legend>
        {preferences.map((p) => (
          <div key={p.name} className="flex items-center gap-3">
            <input
              id={`${id}-${p.name}`}
              type="checkbox"
              name="receive"
              value={p.name}
              defaultChecked={p.receive}
              className="size-4 shrink-0 rounded border-neutral-300 accent-neutral-900"
            />
            <label htmlFor={`${id}-${p.name}`} className="text-sm text-neutral-900">
              {p.label}
            </label>
          </div>
        ))}
      </fieldset>
      <p className="text-sm text-neutral-600">Messages about security, access details, suspensions and overdue invoices are always sent.</p>
      <SubmitButton pendingLabel="Saving…">Save</SubmitButton>
    </form>
  );
}
