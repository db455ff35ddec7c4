import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";

/**
 * The frame of a create-key form: the server's refusal on top, the fields, and at the foot Cancel
 * back to the list and the submit button with its progress. Pairs with useKeyForm.
 */
export function KeyForm({
  label,
  formRef,
  onSubmit,
  error,
  pending,
  cancelHref,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  formRef: React.Ref<HTMLFormElement>;
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => void;
  error?: string;
  pending: boolean;
  cancelHref: string;
  children: React.ReactNode;
}) {
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5" aria-label={label}>
      {error && <Alert tone="error">{error}</Alert>}
      {children}
      <div className="flex items-center justify-end gap-2 border-t border-neutral-100 pt-4">
        <Link href={cancelHref} className={buttonClasses({ variant: "secondary" })}>
          Cancel
        </Link>
        <Button type="submit" pending={pending}>
          {pending ? "Creating…" : "Create key"}
        </Button>
      </div>
    </form>
  );
}
