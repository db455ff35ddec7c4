"use client";

import Link from "next/link";
import { useActionState, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { fieldErrorsOf, ZSignInSchema, type FieldErrors, type TSignIn } from "@/lib/auth/schemas";
import { signInAction } from "./actions";

export function LoginForm({ callbackUrl, notice, success, email, signUpOpen }: { callbackUrl: string | null; notice?: string; success?: string; email?: string; signUpOpen: boolean }) {
  const [state, formAction] = useActionState<FormActionState, FormData>(signInAction, null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<TSignIn>>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const refusal = state && !state.ok ? state : null;
  const errors = { ...refusal?.fieldErrors, ...clientErrors };
  const error = state === null ? notice : refusalSentence(refusal, ["email", "password"]);

  // After a refused attempt the password is cleared; put the cursor back there.
  useEffect(() => {
    if (refusal && !refusal.fieldErrors) passwordRef.current?.focus();
  }, [refusal]);

  function validate(e: React.FormEvent<HTMLFormElement>) {
    const data = new FormData(e.currentTarget);
    const parsed = ZSignInSchema.safeParse({ email: data.get("email"), password: data.get("password") });
    if (parsed.success) {
      setClientErrors({});
      return;
    }
    e.preventDefault();
    const found = fieldErrorsOf(parsed.error);
    setClientErrors(found);
    e.currentTarget.querySelector<HTMLInputElement>(`[name=${Object.keys(found)[0]}]`)?.focus();
  }

  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-lg font-semibold tracking-tight">Sign in to Rackfront</h1>
      <p className="mt-1 text-sm text-neutral-500">Use the email address and password of your account.</p>
      <form action={formAction} onSubmit={validate} noValidate className="mt-6 space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        {!error && state === null && success && <Alert tone="success">{success}</Alert>}
        {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          autoFocus={!email}
          required
          defaultValue={refusal?.values?.email ?? email}
          error={errors.email}
          onChange={() => clientErrors.email && setClientErrors((c) => ({ ...c, email: undefined }))}
        />
        <Field
          ref={passwordRef}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(email)}
          required
          aside={
            <Link href="/forgot-password" className="text-xs font-medium text-neutral-600 underline underline-offset-2">
              Forgot your password?
            </Link>
          }
          error={errors.password}
          onChange={() => clientErrors.password && setClientErrors((c) => ({ ...c, password: undefined }))}
        />
        <SubmitButton className="w-full" pendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
      {signUpOpen && (
        <p className="mt-6 text-sm text-neutral-600">
          New here?{" "}
          <Link href="/sign-up" className="font-medium text-neutral-900 underline underline-offset-2">
            Create an account
          </Link>
        </p>
      )}
    </Card>
  );
}
