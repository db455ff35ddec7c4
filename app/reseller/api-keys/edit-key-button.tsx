"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { ZUpdateResellerApiKeySchema, type TUpdateResellerApiKeyInput } from "@/lib/api-keys/key-form-schemas";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { fieldErrorsOf, type FieldErrors } from "@/lib/auth/schemas";
import type { ResellerSignatureVersion } from "@/lib/api-keys/reseller-signature-settings";
import { updateResellerApiKeyAction } from "./actions";
import { SignatureFields } from "./signature-fields";

const FIELDS = ["keyId", "label", "expiresOn", "previousExpiresOn", "signatureVersion", "requireTimestamp"] as const;

/** Label, expiry and signature settings in a dialog; the scopes are shown, not editable. */
export function EditKeyButton({
  keyId,
  label,
  expiresOn,
  scopes,
  signatureVersion,
  requireTimestamp,
  today,
}: {
  keyId: string;
  label: string;
  /** `YYYY-MM-DD` or "" */
  expiresOn: string;
  scopes: string[];
  signatureVersion: ResellerSignatureVersion;
  requireTimestamp: boolean;
  today: string;
}) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<TUpdateResellerApiKeyInput>>({});
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = ZUpdateResellerApiKeySchema.safeParse(Object.fromEntries(FIELDS.map((k) => [k, String(data.get(k) ?? "")])));
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    startTransition(async () => {
      const answer = await updateResellerApiKeyAction(data);
      if (!answer.ok) {
        setError(refusalSentence(answer, ["label", "expiresOn", "signatureVersion"]));
        setErrors(answer.fieldErrors ?? {});
        return;
      }
      setError(undefined);
      setErrors({});
      setOpen(false);
      if (answer.message) toast(answer.message);
      router.refresh();
    });
  }

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setErrors({});
          setError(undefined);
          setOpen(true);
        }}
      >
        Edit<span className="sr-only"> {label}</span>
      </Button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} title="Edit API key" description="The label, the expiry and the signatures the key accepts can change.">
        <form onSubmit={submit} noValidate className="space-y-4">
          {error && <Alert tone="error">{error}</Alert>}
          <input type="hidden" name="keyId" value={keyId} />
          <input type="hidden" name="previousExpiresOn" value={expiresOn} />
          <Field label="Label" name="label" defaultValue={label} maxLength={100} error={errors.label} autoFocus />
          <Field
            label="Expires on"
            name="expiresOn"
            type="date"
            min={today}
            defaultValue={expiresOn}
            hint="End of that day (UTC). Clear it for a key that does not expire."
            error={errors.expiresOn}
          />
          <SignatureFields signatureVersion={signatureVersion} requireTimestamp={requireTimestamp} error={errors.signatureVersion} />
          <div className="rounded-md bg-neutral-50 px-3 py-2.5 text-sm text-neutral-600">
            <p>
              Scopes: <span className="font-mono text-xs text-neutral-800">{scopes.join(", ")}</span>
            </p>
            <p className="mt-0.5 text-xs text-neutral-500">Scopes are fixed when a key is created. For other scopes, create a new key and revoke this one.</p>
          </div>
          <DialogActions>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" pending={pending}>
              {pending ? "Saving…" : "Save"}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
