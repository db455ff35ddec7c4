"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, SubmitButton } from "@/components/ui/button";
import { Field, inputClasses } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { fieldError, refusalSentence } from "@/lib/actions/refusal-sentence";
import { updateCustomerAction } from "../actions";

const FIELDS = ["name", "email", "metadata"] as const;

type Row = { id: number; key: string; value: string; json: boolean };

export function EditCustomerForm({
  customerId,
  name,
  email,
  metadata,
}: {
  customerId: string;
  name: string;
  email: string;
  metadata: { key: string; value: string; json: boolean }[];
}) {
  const [state, action] = useActionState<FormActionState, FormData>(updateCustomerAction.bind(null, customerId), null);
  const refusal = refusalSentence(state, FIELDS);
  const metadataError = fieldError(state, "metadata");
  const [rows, setRows] = useState<Row[]>(() => metadata.map((m, i) => ({ ...m, id: i })));
  const [nextId, setNextId] = useState(metadata.length);
  // Controlled, so the values survive the action (React resets uncontrolled forms after one).
  const [fields, setFields] = useState({ name, email });

  function update(id: number, patch: Partial<Row>) {
    setRows((all) => all.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  }

  return (
    <form action={action} noValidate aria-label="Edit customer record" className="space-y-4">
      {state?.ok && <Alert tone="success">{state.message}</Alert>}
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <Field label="Name" name="name" value={fields.name} onChange={(e) => setFields({ ...fields, name: e.target.value })} maxLength={255} autoComplete="off" hint="Leave empty to clear it." error={fieldError(state, "name")} />
      <Field label="Email" name="email" type="email" value={fields.email} onChange={(e) => setFields({ ...fields, email: e.target.value })} maxLength={255} autoComplete="off" hint="Leave empty to clear it." error={fieldError(state, "email")} />

      <fieldset className="space-y-2" aria-describedby="metadata-help">
        <legend className="text-sm font-medium text-neutral-800">Metadata</legend>
        <p id="metadata-help" className="text-xs text-neutral-500">
          Free key/value pairs for your own bookkeeping. Saving replaces the whole set. Values that are not text (set through the API) are shown as JSON
          and kept as JSON.
        </p>
        {metadataError && (
          <p role="alert" className="text-xs font-medium text-red-600">
            {metadataError}
          </p>
        )}
        {rows.length === 0 && <p className="text-sm text-neutral-500">No metadata.</p>}
        <ul className="space-y-2">
          {rows.map((row, i) => (
            <li key={row.id} className="flex flex-wrap items-center gap-2">
              <label className="sr-only" htmlFor={`meta-key-${row.id}`}>
                Key {i + 1}
              </label>
              <div className="w-40 shrink-0">
              <input
                id={`meta-key-${row.id}`}
                name="metaKey"
                value={row.key}
                onChange={(e) => update(row.id, { key: e.target.value })}
                placeholder="key"
                maxLength={100}
                className={`${inputClasses} font-mono`}
              />
              </div>
              <label className="sr-only" htmlFor={`meta-value-${row.id}`}>
                Value {i + 1}
                {row.json ? " (JSON)" : ""}
              </label>
              <div className="min-w-0 flex-1 basis-48">
              <input
                id={`meta-value-${row.id}`}
                name="metaValue"
                value={row.value}
                onChange={(e) => update(row.id, { value: e.target.value })}
                placeholder="value"
                className={`${inputClasses} ${row.json ? "font-mono" : ""}`}
              />
              </div>
              <input type="hidden" name="metaJson" value={row.json ? "1" : "0"} />
              {row.json && <span className="text-xs text-neutral-500">JSON</span>}
              <Button variant="ghost" size="sm" onClick={() => setRows((all) => all.filter((r) => r.id !== row.id))}>
                Remove<span className="sr-only"> key {row.key || i + 1}</span>
              </Button>
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setRows((all) => [...all, { id: nextId, key: "", value: "", json: false }]);
            setNextId(nextId + 1);
          }}
        >
          Add a key
        </Button>
      </fieldset>
      <SubmitButton pendingLabel="Saving…">Save changes</SubmitButton>
    </form>
  );
}
