"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field } from "@/components/ui/input";
import type { ActionResult } from "@/lib/actions/action-result";
import { nameProblem } from "./file-paths";

export interface NameRequest {
  title: string;
  label: string;
  initial: string;
  confirmLabel: string;
  /** A refusal the dialog shows under the name, or null to go on. */
  check?: (name: string) => string | null;
  submit: (name: string) => Promise<ActionResult<unknown>>;
}

/** Asks for one file or folder name (new folder, new file, rename) and shows why it was refused. */
export function NameDialog({ request, onClose }: { request: NameRequest | null; onClose: () => void }) {
  return (
    <Dialog open={request !== null} onClose={onClose} title={request?.title ?? ""}>
      {request && <NameForm key={request.title + request.initial} request={request} onClose={onClose} />}
    </Dialog>
  );
}

function NameForm({ request, onClose }: { request: NameRequest; onClose: () => void }) {
  const [name, setName] = useState(request.initial);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const problem = nameProblem(name) ?? request.check?.(name) ?? null;
        if (problem) return setError(problem);
        setPending(true);
        const result = await request.submit(name);
        setPending(false);
        if (result.ok) onClose();
        else setError(Object.values(result.fieldErrors ?? {})[0] ?? result.error);
      }}
    >
      <Field
        label={request.label}
        name="name"
        value={name}
        error={error}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        onFocus={(event) => {
          // Select the name without its extension, as file managers do on rename.
          const dot = event.target.value.lastIndexOf(".");
          event.target.setSelectionRange(0, dot > 0 ? dot : event.target.value.length);
        }}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {request.confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
