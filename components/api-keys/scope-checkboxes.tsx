"use client";

import { useId } from "react";
import { cn } from "@/components/ui/cn";

export type ScopeOption = {
  value: string;
  title: string;
  description: string;
  /** Shown ticked and cannot be unticked (customer `read`). */
  alwaysOn?: boolean;
  /** Why it cannot be ticked; null = it can. */
  disabledReason?: string | null;
};

/** The scope checkboxes of a key form: one labelled row per scope, with why a scope is unavailable. */
export function ScopeCheckboxes({
  name,
  legend,
  hint,
  options,
  selected,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  hint?: React.ReactNode;
  options: ScopeOption[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  return (
    <fieldset aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-neutral-800">{legend}</legend>
      {hint && (
        <p id={hintId} className="mt-0.5 text-xs text-neutral-500">
          {hint}
        </p>
      )}
      <ul className={cn("mt-2 divide-y divide-neutral-100 rounded-md border", error ? "border-red-400" : "border-neutral-200")}>
        {options.map((o) => {
          const inputId = `${id}-${o.value}`;
          const reasonId = o.disabledReason ? `${inputId}-reason` : undefined;
          const disabled = o.alwaysOn || !!o.disabledReason;
          const checked = o.alwaysOn || (!o.disabledReason && selected.includes(o.value));

          return (
            <li key={o.value} className={cn("flex gap-3 px-3 py-2.5", disabled && !o.alwaysOn && "bg-neutral-50")}>
              <input
                id={inputId}
                type="checkbox"
                name={name}
                value={o.value}
                checked={checked}
                disabled={disabled}
                aria-describedby={reasonId}
                onChange={(e) => onChange(e.target.checked ? [...selected, o.value] : selected.filter((s) => s !== o.value))}
                className="mt-0.5 size-4 shrink-0 rounded border-neutral-300 accent-neutral-900 disabled:opacity-60"
              />
              <label htmlFor={inputId} className="min-w-0 text-sm">
                <span className={cn("font-medium", disabled && !o.alwaysOn ? "text-neutral-500" : "text-neutral-900")}>
                  {o.title} <code className="ml-1 font-mono text-xs font-normal text-neutral-500">{o.value}</code>
                </span>
                <span className="block text-neutral-500">{o.description}</span>
                {o.disabledReason && (
                  <span id={reasonId} className="mt-0.5 block text-xs font-medium text-amber-700">
                    {o.disabledReason}
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
