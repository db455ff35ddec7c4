"use client";

import { SubmitButton } from "@/components/ui/button";
import { FieldErrorsForm } from "@/components/ui/field-errors-form";
import { Field } from "@/components/ui/input";
import { requestEmailChangeAction } from "./actions";

const FIELDS = ["newEmail", "currentPassword"] as const;

/**
 * The sign-in address: the new one and the current password. Each refusal sits under its field; the
 * address typed is kept, the password never. Success says where the link went; nothing changes yet.
 */
export function EmailForm({ email }: { email: string }) {
  return (
    <FieldErrorsForm action={requestEmailChangeAction} label="Email address" fields={FIELDS}>
      {({ errors, values }) => (
        <>
          <div>
            <p className="text-sm font-medium text-neutral-800">Current address</p>
            <p className="mt-1 text-sm text-neutral-900">{email}</p>
          </div>
          <Field
            label="New address"
            name="newEmail"
            type="email"
            autoComplete="email"
            required
            hint="We send a link there; the address changes when you open it."
            defaultValue={values.newEmail ?? ""}
            error={errors.newEmail}
          />
          <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
          <SubmitButton pendingLabel="Sending…">Change address</SubmitButton>
        </>
      )}
    </FieldErrorsForm>
  );
}
