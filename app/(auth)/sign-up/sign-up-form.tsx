"use client";

import Link from "next/link";
import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SelectField } from "@/components/ui/form-field";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { ZSignUpSchema } from "@/lib/accounts/sign-up/sign-up-schema";
import { signUpAction } from "./actions";

const FIELDS = ["name", "email", "password", "company", "country", "currency", "vatNumber"] as const;

export function SignUpForm({ countries, currencies, email }: { countries: { code: string; name: string }[]; currencies: string[]; email: string }) {
  const [state, formAction] = useActionState<FormActionState<{ email: string }>, FormData>(signUpAction, null);
  const [clientErrors, setClientErrors] = useState<Record<string, string | undefined>>({});
  const refusal = state && !state.ok ? state : null;
  const errors = { ...refusal?.fieldErrors, ...clientErrors };
  const values = refusal?.values ?? {};
  const sentence = refusalSentence(refusal, [...FIELDS]);

  if (state?.ok) {
    return (
      <Card className="p-6 sm:p-8">
        <h1 className="text-lg font-semibold tracking-tight">Check your inbox</h1>
        <p className="mt-3 text-sm text-neutral-600">
          We sent a link to <span className="font-medium text-neutral-900">{state.data.email}</span>. Open it within 24 hours to create your account.
        </p>
        <p className="mt-3 text-sm text-neutral-600">No email after a few minutes? Check your spam folder, or sign up again.</p>
      </Card>
    );
  }

  function validate(e: React.FormEvent<HTMLFormElement>) {
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    const parsed = ZSignUpSchema.safeParse(data);
    if (parsed.success) {
      setClientErrors({});
      return;
    }
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setClientErrors(found);
    e.currentTarget.querySelector<HTMLElement>(`[name=${Object.keys(found)[0]}]`)?.focus();
  }
  const clear = (name: string) => () => clientErrors[name] && setClientErrors((c) => ({ ...c, [name]: undefined }));

  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-lg font-semibold tracking-tight">Create an account</h1>
      <p className="mt-1 text-sm text-neutral-500">We will send a link to confirm your email address.</p>
      <form action={formAction} onSubmit={validate} noValidate className="mt-6 space-y-4">
        {sentence && <Alert tone="error">{sentence}</Alert>}
        <Field label="Your name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} onChange={clear("name")} />
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={values.email ?? email} error={errors.email} onChange={clear("email")} />
        <Field label="Password" name="password" type="password" autoComplete="new-password" required hint="At least 10 characters." error={errors.password} onChange={clear("password")} />
        <Field label="Company (optional)" name="company" autoComplete="organization" defaultValue={values.company} error={errors.company} onChange={clear("company")} />
        <SelectField label="Country" name="country" autoComplete="country" defaultValue={values.country ?? ""} error={errors.country} onChange={clear("country")}>
          <option value="">Choose…</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Currency" name="currency" defaultValue={values.currency ?? currencies[0]} hint="Prices and invoices are in this currency. It cannot change once you have been billed." error={errors.currency}>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <Field label="VAT number (optional)" name="vatNumber" hint="For businesses in the EU, with its country prefix." defaultValue={values.vatNumber} error={errors.vatNumber} onChange={clear("vatNumber")} />
        <SubmitButton className="w-full" pendingLabel="Creating…">
          Create account
        </SubmitButton>
      </form>
      <p className="mt-6 text-sm text-neutral-600">
        Already have an account?{" "}
        <Link href="/login" className="font-medium text-neutral-900 underline underline-offset-2">
          Sign in
        </Link>
      </p>
    </Card>
  );
}
