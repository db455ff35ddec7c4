"use client";

import { useActionState, useRef, useState } from "react";
import { SubmitButton } from "@/components/ui/button";
import type { ButtonVariant } from "@/components/ui/button-classes";
import { ConfirmDialog } from "@/components/ui/dialog";
import type { FormActionState } from "@/lib/actions/action-result";

/** What a row action asks before it runs: the dialog's question, what happens, and its button. */
export type RowActionConfirm = { title: string; description: React.ReactNode; confirmLabel: string };

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
  /** Asked in a confirmation dialog before the form is submitted. */
  confirm?: RowActionConfirm;
}) {
  const [state, formAction] = useActionState<FormActionState, FormData>(action, null);
  const [asking, setAsking] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Set by the dialog's button for the one submission it lets through.
  const confirmed = useRef(false);
  // A row action has no visible fields: show the refusal's own sentence, not "fix the field".
  const error = state && !state.ok ? (Object.values(state.fieldErrors ?? {})[0] ?? state.error) : undefined;

  return (
    <>
      <form
        ref={form}
        action={formAction}
        className="inline-flex flex-col items-end gap-1"
        onSubmit={(e) => {
          if (confirm && !confirmed.current) {
            e.preventDefault();
            setAsking(true);
          }
          confirmed.current = false;
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
      {confirm && (
        <ConfirmDialog
          item={asking ? confirm : null}
          onClose={() => setAsking(false)}
          title={(c) => c.title}
          description={(c) => c.description}
          confirmLabel={confirm.confirmLabel}
          onConfirm={() => {
            confirmed.current = true;
            form.current?.requestSubmit();
          }}
        />
      )}
    </>
  );
}
