"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { forgotPasswordAction } from "./actions";

export function ForgotPasswordForm() {
  const [state, formAction] = useActionState<FormActionState, FormData>(forgotPasswordAction, null);
  const refusal = state && !state.ok ? state : null;
  const sentence = refusalSentence(refusal, ["email"]);
  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-lg font-semibold tracking-tight">Reset your password</h1>
      {state?.ok ? (
        <Alert tone="success" className="mt-4">
          {state.message}
        </Alert>
      ) : (
        <>
          <p className="mt-1 text-sm text-neutral-500">Enter the email address you sign in with. We will send you a link to choose a new password.</p>
          <form action={formAction} noValidate className="mt-6 space-y-4">
            {sentence && <Alert tone="error">{sentence}</Alert>}
            <Field label="Email" name="email" type="email" autoComplete="username" autoFocus required defaultValue={refusal?.values?.email} error={refusal?.fieldErrors?.email} />
            <SubmitButton className="w-full" pendingLabel="Sending…">
              Send reset link
            </SubmitButton>
          </form>
        </>
      )}
      <p className="mt-6 text-sm text-neutral-600">
        <Link href="/login" className="font-medium text-neutral-900 underline underline-offset-2">
          Back to sign in
        </Link>
      </p>
    </Card>
  );
}
