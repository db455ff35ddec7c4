"use client";

import { useFormStatus } from "react-dom";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button-classes";
import { Spinner } from "./spinner";

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize; pending?: boolean };

export function Button({ variant, size, pending = false, className, children, disabled, type = "button", ...props }: ButtonProps) {
  return (
    <button type={type} className={buttonClasses({ variant, size, className })} disabled={disabled || pending} aria-busy={pending || undefined} {...props}>
      {pending && <Spinner />}
      {children}
    </button>
  );
}

/** A submit button that shows progress while its form's action runs. */
export function SubmitButton({ pendingLabel, children, ...props }: Omit<ButtonProps, "type" | "pending"> & { pendingLabel?: string }) {
  const { pending } = useFormStatus();

  return (
    <Button type="submit" pending={pending} {...props}>
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
