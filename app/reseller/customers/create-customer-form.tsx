"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { fieldError, refusalSentence } from "@/lib/actions/refusal-sentence";
import { createCustomerAction, type ExistingCustomer } from "./actions";

const FIELDS = ["externalCustomerId", "name", "email"] as const;

export function CreateCustomerForm() {
  const [state, action] = useActionState<FormActionState<ExistingCustomer>, FormData>(createCustomerAction, null);
  // What was typed, shown again after a refusal or next to the record that already exists.
  const v = state?.ok ? state.data.values : state?.values;
  const existing = state?.ok ? state.data.existing : undefined;
  const refusal = refusalSentence(state, FIELDS);

  return (
    <form action={action} noValidate aria-label="Add a customer record" className="space-y-4">
      {existing && (
        <Alert tone="info">
          A record with the external id <code className="font-mono">{existing.externalCustomerId}</code> already exists.{" "}
          <a href={`/reseller/customers/${existing.id}`} className="font-medium underline underline-offset-2">
            Open it
          </a>
        </Alert>
      )}
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <Field
        label="External customer id"
        name="externalCustomerId"
        defaultValue={v?.externalCustomerId}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        hint="The id your own platform uses for this customer (what the API calls externalCustomerId)."
        error={fieldError(state, "externalCustomerId")}
        className="[&_input]:font-mono"
      />
      <Field label="Name (optional)" name="name" defaultValue={v?.name} maxLength={255} autoComplete="off" error={fieldError(state, "name")} />
      <Field label="Email (optional)" name="email" type="email" defaultValue={v?.email} maxLength={255} autoComplete="off" error={fieldError(state, "email")} />
      <SubmitButton pendingLabel="Adding…">Add customer</SubmitButton>
    </form>
  );
}
