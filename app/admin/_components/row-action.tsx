"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import type { ButtonVariant } from "@/components/ui/button-classes";
import type { FormActionState } from "@/lib/actions/action-result";

/** A one-button form (remove a row, approve a reseller) that shows its refusal next to it. */
export function RowAction({
  action,
  fields = {},
  label,
  pendingLabel,
  variant = "ghost",
  confirm,
}: {
  action: (prev: FormActionState, formData: FormData) => Promise<FormActionState>;
  fields?: Record<string, string>;
  label: string;
  pendingLabel?: string;
  variant?: ButtonVariant;
  /** Asked before submitting (native confirm: keyboard-usable, no dialog state). */
  confirm?: string;
}) {
  const [state, formAction] = useActionState<FormActionState, FormData>(action, null);
  // A row action has no visible fields: show the refusal's own sentence, not "fix the field".
  const error = state && !state.ok ? (Object.values(state.fieldErrors ?? {})[0] ?? state.error) : undefined;

  return (
    <form
      action={formAction}
      className="inline-flex flex-col items-end gap-1"
      onSubmit={(e) => {
        if (confirm && !window.confirm(confirm)) e.preventDefault();
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton size="sm" variant={variant} pendingLabel={pendingLabel}>
        {label}
      </SubmitButton>
      {error && (
        <span role="alert" className="max-w-64 text-right text-xs font-medium text-red-600">
          {error}
        </span>
      )}
    </form>
  );
}
