"use client";

import { useActionState, useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { SelectField, TextareaField } from "@/components/ui/form-field";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";

export type FieldSpec = {
  name: string;
  label: string;
  type?: "text" | "money" | "number" | "select" | "checkbox" | "textarea" | "hidden" | "datetime" | "date";
  options?: { value: string; label: string }[];
  hint?: string;
  placeholder?: string;
  /** Spans the whole row of the grid. */
  wide?: boolean;
  /** A heading shown above this field, starting a new group. */
  group?: string;
  disabled?: boolean;
};

type Props = {
  action: (prev: FormActionState, formData: FormData) => Promise<FormActionState>;
  fields: FieldSpec[];
  /** Current values (edit forms); text, or "on" for a checked box. */
  values?: Record<string, string>;
  submitLabel: string;
  pendingLabel?: string;
  label: string;
  /** Columns of the grid on wide screens. */
  columns?: 1 | 2 | 3 | 4 | 5;
  /** Clear the fields after a successful save (add-row forms). */
  resetOnSave?: boolean;
};

const COLS = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4", 5: "sm:grid-cols-3 lg:grid-cols-5" } as const;

/**
 * The operator console's forms: labelled fields in a grid, errors beside each field and one
 * sentence above, the submitted values kept on error, a success note after a save.
 */
export function AdminForm({ action, fields, values = {}, submitLabel, pendingLabel = "Saving…", label, columns = 2, resetOnSave = false }: Props) {
  const [state, formAction] = useActionState<FormActionState, FormData>(action, null);
  const refusal = state && !state.ok ? state : null;
  // After an error, show what was sent; after a save, what is stored now (or blanks for add forms).
  const shown = refusal?.values ?? (resetOnSave && state?.ok ? {} : values);
  const errors = refusal?.fieldErrors ?? {};
  // A new key per result re-mounts the uncontrolled inputs with the values to show.
  const key = JSON.stringify([state, values]);
  const ref = useRef<HTMLFormElement>(null);
  // Keyboard users land on the first field to fix rather than at the top of the page.
  useEffect(() => {
    if (refusal) ref.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [refusal]);

  return (
    <form ref={ref} action={formAction} noValidate aria-label={label} className="space-y-4" key={key}>
      {refusal && <Alert tone="error">{refusal.error}</Alert>}
      {state?.ok && state.message && <Alert tone="success">{state.message}</Alert>}
      <div className={cn("grid gap-4", COLS[columns])}>
        {fields.map((f) => (
          <FieldControl key={f.name} spec={f} value={shown[f.name] ?? ""} error={errors[f.name]} />
        ))}
      </div>
      <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
    </form>
  );
}

function FieldControl({ spec, value, error }: { spec: FieldSpec; value: string; error?: string }) {
  const wide = spec.wide ? "sm:col-span-full" : undefined;
  const heading = spec.group ? <h3 className="col-span-full -mb-1 pt-2 text-sm font-semibold text-neutral-900">{spec.group}</h3> : null;
  const common = { name: spec.name, disabled: spec.disabled };
  switch (spec.type) {
    case "hidden":
      return <input type="hidden" name={spec.name} defaultValue={value} />;
    case "checkbox":
      return (
        <>
          {heading}
          <div className={cn("flex items-start gap-2 pt-1", wide)}>
            <input
              id={`f-${spec.name}`}
              type="checkbox"
              {...common}
              defaultChecked={value === "on" || value === "true"}
              className="mt-0.5 size-4 rounded border-neutral-300 accent-neutral-900"
              aria-describedby={spec.hint ? `f-${spec.name}-hint` : undefined}
            />
            <div>
              <label htmlFor={`f-${spec.name}`} className="text-sm font-medium text-neutral-800">
                {spec.label}
              </label>
              {spec.hint && (
                <p id={`f-${spec.name}-hint`} className="text-xs text-neutral-500">
                  {spec.hint}
                </p>
              )}
              {error && <p className="text-xs font-medium text-red-600">{error}</p>}
            </div>
          </div>
        </>
      );
    case "select":
      return (
        <>
          {heading}
          <SelectField label={spec.label} hint={spec.hint} error={error} defaultValue={value} className={wide} {...common}>
            {spec.options?.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        </>
      );
    case "textarea":
      return (
        <>
          {heading}
          <TextareaField label={spec.label} hint={spec.hint} error={error} defaultValue={value} placeholder={spec.placeholder} className={wide} {...common} />
        </>
      );
    default: {
      const type = spec.type === "datetime" ? "datetime-local" : spec.type === "date" ? "date" : "text";
      const inputMode = spec.type === "money" ? "decimal" : spec.type === "number" ? "numeric" : undefined;
      return (
        <>
          {heading}
          <Field
            label={spec.label}
            hint={spec.hint}
            error={error}
            type={type}
            inputMode={inputMode}
            defaultValue={value}
            placeholder={spec.placeholder}
            autoComplete="off"
            className={cn(wide, spec.type === "money" && "[&_input]:tabular-nums")}
            {...common}
          />
        </>
      );
    }
  }
}

