"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import type { ActionResult, FormActionState } from "@/lib/actions/action-result";

/** The accept button; a refusal (the link was used meanwhile, say) shows above it. */
export function AcceptForm({ action }: { action: (prev: FormActionState, form: FormData) => Promise<ActionResult> }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(action, null);
  return (
    <form action={formAction} className="space-y-3">
      {state && !state.ok && <Alert tone="error">{state.error}</Alert>}
      <SubmitButton className="w-full" pendingLabel="Accepting…">
        Accept invitation
      </SubmitButton>
    </form>
  );
}
