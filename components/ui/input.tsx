import { cn } from "./cn";
import { FieldShell } from "./field-shell";

export const inputClasses = cn(
  "block h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-xs",
  "placeholder:text-neutral-400 focus:border-neutral-900 focus:ring-1 focus:ring-neutral-900 focus:outline-none",
  "aria-invalid:border-red-500 aria-invalid:focus:ring-red-500",
);

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(inputClasses, className)} {...props} />;
}

type FieldProps = React.ComponentProps<"input"> & {
  label: string;
  error?: string;
  hint?: React.ReactNode;
  /** Shown right of the label, e.g. a link. */
  aside?: React.ReactNode;
};

/** A labelled input with its error (announced, linked through aria-describedby) and an optional hint. */
export function Field({ label, error, hint, aside, id, className, ...props }: FieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} aside={aside} id={id} className={className}>
      {(control) => <Input {...control} {...props} />}
    </FieldShell>
  );
}
