"use client";

import { SubmitButton } from "@/components/ui/button";
import { FieldErrorsForm } from "@/components/ui/field-errors-form";
import { Field } from "@/components/ui/input";
import { changePasswordAction } from "./password-actions";

const FIELDS = ["currentPassword", "newPassword", "confirm"] as const;

/**
 * Current password, new password typed twice. Each refusal sits under its field; passwords are not
 * kept after a refusal. Success redirects (the page then says the password changed).
 */
export function ChangePasswordForm() {
  return (
    <FieldErrorsForm action={changePasswordAction} label="Change password" fields={FIELDS}>
      {({ errors }) => (
        <>
          <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
          <Field label="New password" name="newPassword" type="password" autoComplete="new-password" required hint="At least 10 characters." error={errors.newPassword} />
          <Field label="New password again" name="confirm" type="password" autoComplete="new-password" required error={errors.confirm} />
          <SubmitButton pendingLabel="Changing…">Change password</SubmitButton>
        </>
      )}
    </FieldErrorsForm>
  );
}
