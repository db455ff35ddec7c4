"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import { clearWebhookUrlAction, saveWebhookUrlAction, type WebhookUrlState } from "./actions";

export function WebhookUrlForm({ current }: { current: string | null }) {
  const [state, saveAction] = useActionState<WebhookUrlState, FormData>(saveWebhookUrlAction, null);
  const [cleared, clearAction] = useActionState<WebhookUrlState, FormData>(clearWebhookUrlAction, null);
  // The form's one input: a refusal, whatever it names, is about the URL and shows (its whole sentence) under it.
  const refusal = state && !state.ok ? state : null;

  return (
    <div className="space-y-3">
      {state?.ok && <Alert tone="success">Webhook URL saved. Send a test event to check your endpoint.</Alert>}
      {cleared?.ok && !current && <Alert tone="info">Webhook URL cleared. Events raised from now on are dropped until you set one.</Alert>}
      <form action={saveAction} noValidate aria-label="Webhook URL" className="flex flex-wrap items-start gap-3">
        <Field
          label="Endpoint URL"
          name="webhookUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://hooks.example.com/rackfront"
          defaultValue={refusal ? refusal.values?.webhookUrl : state?.ok ? (state.data.url ?? current ?? "") : (current ?? "")}
          key={current ?? ""}
          error={refusal?.error}
          hint="An absolute https:// (or http://) URL on a public host. Private, loopback and link-local addresses are refused."
          className="min-w-0 flex-1 basis-96 [&_input]:font-mono"
        />
        <SubmitButton className="mt-6.5" pendingLabel="Checking…">
          Save URL
        </SubmitButton>
      </form>
      {current && (
        <form action={clearAction}>
          <SubmitButton variant="ghost" size="sm" pendingLabel="Clearing…">
            Clear URL
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
