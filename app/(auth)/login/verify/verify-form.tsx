"use client";

import Link from "next/link";
import { useActionState, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/input";
import { ZSecondFactorSchema, ZTotpCodeSchema } from "@/lib/auth/schemas";
import type { FormActionState } from "@/lib/actions/action-result";
import { fieldError, refusalSentence } from "@/lib/actions/refusal-sentence";
import { verifySecondFactorAction } from "../actions";

export function VerifyForm({ callbackUrl }: { callbackUrl: string | null }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(verifySecondFactorAction, null);
  const [mode, setMode] = useState<"totp" | "recovery">("totp");
  const [clientError, setClientError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const error = clientError ?? fieldError(state, "code");
  const refusal = refusalSentence(state, ["code"]);

  useEffect(() => {
    if (state !== null) inputRef.current?.focus();
  }, [state]);

  function validate(e: React.FormEvent<HTMLFormElement>) {
    const code = String(new FormData(e.currentTarget).get("code") ?? "");
    const parsed = mode === "totp" ? ZTotpCodeSchema.safeParse(code) : ZSecondFactorSchema.safeParse({ code });
    if (parsed.success) {
      setClientError(undefined);
      return;
    }
    e.preventDefault();
    setClientError(parsed.error.issues[0]?.message);
    inputRef.current?.focus();
  }

  function switchMode() {
    setMode((m) => (m === "totp" ? "recovery" : "totp"));
    setClientError(undefined);
    inputRef.current?.focus();
  }

  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-lg font-semibold tracking-tight">Two-factor authentication</h1>
      <p className="mt-1 text-sm text-neutral-500">
        {mode === "totp"
          ? "Enter the 6-digit code from your authenticator app."
          : "Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once."}
      </p>
      <form action={formAction} onSubmit={validate} noValidate className="mt-6 space-y-4">
        {refusal && <Alert tone="error">{refusal}</Alert>}
        {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
        <Field
          key={mode}
          ref={inputRef}
          label={mode === "totp" ? "Authentication code" : "Recovery code"}
          name="code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={mode === "totp" ? "numeric" : "text"}
          placeholder={mode === "totp" ? "123456" : "xxxxx-xxxxx"}
          spellCheck={false}
          autoCapitalize="off"
          className="[&_input]:font-mono [&_input]:tracking-widest"
          error={error}
          onChange={() => clientError && setClientError(undefined)}
        />
        <SubmitButton className="w-full" pendingLabel="Checking…">
          Verify
        </SubmitButton>
      </form>
      <div className="mt-5 flex items-center justify-between text-sm">
        <button type="button" onClick={switchMode} className="font-medium text-neutral-700 underline-offset-4 hover:underline">
          {mode === "totp" ? "Use a recovery code" : "Use an authenticator code"}
        </button>
        <Link href="/login" className="text-neutral-500 underline-offset-4 hover:text-neutral-700 hover:underline">
          Start over
        </Link>
      </div>
    </Card>
  );
}
