"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, SubmitButton } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import type { FormActionState } from "@/lib/actions/action-result";

export type ReasonDialogCopy = { button: string; title: string; description: string; label: string; hint: string; confirm: string; pending: string };

/**
 * A quiet button that opens a dialog asking why, then sends the form with the reason (and `fields`);
 * `name` is the field's name when it asks for something else (a bank reference).
 * A refusal stays in the dialog under its field; success closes it with a toast (or the action
 * navigates away).
 */
export function ReasonDialogButton({
  copy,
  fields,
  danger,
  action,
  name = "reason",
}: {
  copy: ReasonDialogCopy;
  name?: string;
  fields?: Record<string, string>;
  danger?: boolean;
  action: (prev: FormActionState, formData: FormData) => Promise<FormActionState>;
}) {
  const [asked, setAsked] = useState(false);
  // The toast is raised as the answer arrives, not from an effect: the action's revalidation may take
  // this button off the page (nothing more to do), and an unmounted component runs no effect.
  const [state, formAction] = useActionState<FormActionState, FormData>(async (prev, formData) => {
    const result = await action(prev, formData);
    if (result?.ok && result.message) toast(result.message);
    return result;
  }, null);
  // The answer on screen when the dialog was last opened: it belongs to an earlier attempt.
  const [stale, setStale] = useState<FormActionState>(null);
  const fresh = state !== stale ? state : null;
  // Open from the button until this attempt succeeds (or Cancel).
  const open = asked && !fresh?.ok;
  const refusal = open && fresh && !fresh.ok ? fresh : null;
  const close = () => setAsked(false);

  return (
    <>
      {/* Quiet until asked: the dialog's own button carries the danger colour. */}
      <Button
        variant="secondary"
        onClick={() => {
          setStale(state);
          setAsked(true);
        }}
      >
        {copy.button}
      </Button>
      <Dialog open={open} onClose={close} title={copy.title} description={copy.description}>
        <form action={formAction} noValidate className="space-y-4" key={open ? JSON.stringify(refusal) : "closed"}>
          {Object.entries(fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {refusal && !refusal.fieldErrors && <Alert tone="error">{refusal.error}</Alert>}
          <Field label={copy.label} name={name} autoComplete="off" defaultValue={refusal?.values?.[name] ?? ""} error={refusal?.fieldErrors?.[name]} hint={copy.hint} />
          <DialogActions>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <SubmitButton variant={danger ? "danger" : "primary"} pendingLabel={copy.pending}>
              {copy.confirm}
            </SubmitButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
