import { useId } from "react";
import { cn } from "./cn";

export type FieldControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

type ShellProps = {
  label: string;
  error?: string;
  hint?: React.ReactNode;
  /** Shown right of the label, e.g. a link. */
  aside?: React.ReactNode;
  /** The control's id when the caller needs a fixed one. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
};

/**
 * Label, hint and error around any control. The error is announced through aria-describedby and
 * replaces the hint, so a screen reader hears one explanation at a time.
 */
export function FieldShell({ label, error, hint, aside, id, className, children }: ShellProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;

  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={controlId} className="text-sm font-medium text-neutral-800">
          {label}
        </label>
        {aside}
      </div>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": cn(hintId, errorId) || undefined })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-neutral-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
