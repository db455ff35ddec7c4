import { cn } from "./cn";
import { FieldShell } from "./field-shell";
import { inputClasses } from "./input";

type Common = { label: string; error?: string; hint?: React.ReactNode; className?: string };

export function TextareaField({ label, error, hint, className, ...props }: Common & React.ComponentProps<"textarea">) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea {...control} {...props} className={cn(inputClasses, "h-auto min-h-24 py-2 leading-relaxed")} />}
    </FieldShell>
  );
}

export function SelectField({ label, error, hint, className, children, ...props }: Common & React.ComponentProps<"select">) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select {...control} {...props} className={cn(inputClasses, "pr-8")}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}
