"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { fieldError, refusalSentence } from "@/lib/actions/refusal-sentence";
import { fieldErrorsOf, ZConfirmTotpSchema } from "@/lib/auth/schemas";
import type { TotpEnrolment } from "@/lib/auth/start-totp-enrolment";
import { accountKeys } from "@/lib/query/keys";
import { confirmTotpAction, startTotpAction } from "./actions";
import { RecoveryCodes } from "./recovery-codes";

const CODE_FIELDS = ["code"] as const;

/** Set-up in three steps: start (secret made on the server), scan and confirm, save recovery codes. */
export function EnableTotp() {
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [startError, setStartError] = useState<string>();
  const [starting, startTransition] = useTransition();

  function start() {
    startTransition(async () => {
      const result = await startTotpAction();
      setStartError(result.ok ? undefined : result.error);
      setEnrolment(result.ok ? result.data : undefined);
    });
  }

  if (enrolment) return <ConfirmStep enrolment={enrolment} onRestart={start} restarting={starting} />;

  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-600">
        With two-factor authentication on, signing in needs your password and a 6-digit code from an app such as Google Authenticator, 1Password, Bitwarden
        or Aegis. Someone who learns your password still can&apos;t get in.
      </p>
      {startError && <Alert tone="error">{startError}</Alert>}
      <Button onClick={start} pending={starting}>
        Set up two-factor authentication
      </Button>
    </div>
  );
}

function ConfirmStep({ enrolment, onRestart, restarting }: { enrolment: TotpEnrolment; onRestart: () => void; restarting: boolean }) {
  const [state, formAction] = useActionState<FormActionState<{ recoveryCodes: string[] }>, FormData>(confirmTotpAction, null);
  const [clientError, setClientError] = useState<string>();
  const router = useRouter();
  const queryClient = useQueryClient();
  const enabled = state?.ok === true;
  // The page is not rendered again while the codes are shown (that would replace them): the badge asks for itself.
  useEffect(() => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() });
  }, [enabled, queryClient]);

  if (state?.ok) return <RecoveryCodes codes={state.data.recoveryCodes} onDone={() => router.refresh()} />;
  const refusal = refusalSentence(state, CODE_FIELDS);

  function validate(e: React.FormEvent<HTMLFormElement>) {
    const parsed = ZConfirmTotpSchema.safeParse({ code: new FormData(e.currentTarget).get("code") });
    if (parsed.success) return setClientError(undefined);
    e.preventDefault();
    setClientError(fieldErrorsOf(parsed.error).code);
  }

  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(" ") ?? enrolment.secret;

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-neutral-600">
        <li>Scan the QR code with your authenticator app, or type in the key below.</li>
        <li>Enter the 6-digit code the app shows to confirm.</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server */}
        <img src={enrolment.qrDataUrl} alt="QR code for your authenticator app" width={176} height={176} className="size-44 rounded-md border border-neutral-200 bg-white p-1" />
        <div className="min-w-0 space-y-1.5">
          <p className="text-sm font-medium text-neutral-800">Set-up key</p>
          <p data-testid="totp-secret" data-secret={enrolment.secret} className="font-mono text-sm break-all text-neutral-900 select-all">
            {grouped}
          </p>
          <p className="text-xs text-neutral-500">Time-based, 6 digits, every 30 seconds. This key is shown only now.</p>
        </div>
      </div>
      <form action={formAction} onSubmit={validate} noValidate className="space-y-3">
        {refusal && <Alert tone="error">{refusal}</Alert>}
        <div className="flex flex-wrap items-start gap-3">
          <Field
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            placeholder="123456"
            className="w-44 [&_input]:font-mono [&_input]:tracking-widest"
            error={clientError ?? fieldError(state, "code")}
            onChange={() => clientError && setClientError(undefined)}
          />
          <SubmitButton className="mt-6.5" pendingLabel="Checking…">
            Turn on
          </SubmitButton>
        </div>
      </form>
      <p className="text-xs text-neutral-500">
        Lost the key before finishing?{" "}
        <button type="button" onClick={onRestart} disabled={restarting} className="font-medium text-neutral-700 underline underline-offset-2">
          Start again with a new key
        </button>
      </p>
    </div>
  );
}
