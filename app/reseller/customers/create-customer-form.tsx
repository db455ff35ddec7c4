"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import { createCustomerAction, type CreateCustomerState } from "./actions";

export function CreateCustomerForm() {
  const [state, action] = useActionState<CreateCustomerState, FormData>(createCustomerAction, {});
  const v = state.values;

  return (
    <form action={action} noValidate aria-label="Add a customer record" className="space-y-4">
      {state.existing && (
        <Alert tone="info">
          A record with the external id <code className="font-mono">{state.existing.externalCustomerId}</code> already exists.{" "}
          <a href={`/reseller/customers/${state.existing.id}`} className="font-medium underline underline-offset-2">
            Open it
          </a>
        </Alert>
      )}
      {state.error && <Alert tone="error">{state.error}</Alert>}
      <Field
        label="External customer id"
        name="externalCustomerId"
        defaultValue={v?.externalCustomerId}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        hint="The id your own platform uses for this customer (what the API calls externalCustomerId)."
        error={state.fieldErrors?.externalCustomerId}
        className="[&_input]:font-mono"
      />
      <Field label="Name (optional)" name="name" defaultValue={v?.name} maxLength={255} autoComplete="off" error={state.fieldErrors?.name} />
      <Field label="Email (optional)" name="email" type="email" defaultValue={v?.email} maxLength={255} autoComplete="off" error={state.fieldErrors?.email} />
      <SubmitButton pendingLabel="Adding…">Add customer</SubmitButton>
    </form>
  );
}
