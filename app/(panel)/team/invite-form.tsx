"use client";

import { useActionState, useState } from "react";
import { ScopeCheckboxes } from "@/components/api-keys/scope-checkboxes";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import type { FormActionState } from "@/lib/actions/action-result";
import { fieldError, refusalSentence } from "@/lib/actions/refusal-sentence";
import { ACCOUNT_PERMISSIONS } from "@/lib/accounts/account-permissions";
import { PERMISSION_DESCRIPTIONS } from "@/lib/accounts/team/permission-descriptions";
import { inviteTeamMemberAction } from "./actions";

const DEFAULT = ["services.view"];
const OPTIONS = ACCOUNT_PERMISSIONS.map((p) => ({ value: p, ...PERMISSION_DESCRIPTIONS[p] }));

/** Email and permissions; refusals under their fields. Sent: the form empties and a toast says so. */
export function InviteForm() {
  const [selected, setSelected] = useState<string[]>(DEFAULT);
  const [state, formAction] = useActionState<FormActionState, FormData>(async (prev, form) => {
    const result = await inviteTeamMemberAction(prev, form);
    if (result.ok) {
      if (result.message) toast(result.message);
      setSelected(DEFAULT);
    }
    return result;
  }, null);
  // Fields edited since the last answer: their refusal is hidden until the next one.
  const [edits, setEdits] = useState<{ of: FormActionState; fields: string[] }>({ of: null, fields: [] });
  const edited = edits.of === state ? edits.fields : [];
  const markEdited = (field: string) => setEdits((e) => ({ of: state, fields: [...(e.of === state ? e.fields : []), field] }));

  const errorOf = (field: string) => (edited.includes(field) ? undefined : fieldError(state, field));
  const sentence = refusalSentence(state, ["email", "permissions"]);

  return (
    <form action={formAction} noValidate className="space-y-4">
      {sentence && <Alert tone="error">{sentence}</Alert>}
      <Field
        label="Email address"
        name="email"
        type="email"
        autoComplete="off"
        required
        placeholder="colleague@example.com"
        defaultValue={state && !state.ok ? state.values?.email : undefined}
        hint="They get an email with a link that works for 7 days. They can sign in or create an account on the way."
        error={errorOf("email")}
        onChange={() => markEdited("email")}
        className="max-w-md"
      />
      <ScopeCheckboxes
        name="permissions"
        legend="Permissions"
        hint="What they may see and do on this account. Every member sees the account, the catalogue, the SSH keys and their own credit."
        options={OPTIONS}
        selected={selected}
        onChange={(next) => {
          setSelected(next);
          markEdited("permissions");
        }}
        error={errorOf("permissions")}
      />
      <SubmitButton pendingLabel="Sending…">Send invitation</SubmitButton>
    </form>
  );
}
