"use client";

import { useActionState, useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { SelectField } from "@/components/ui/form-field";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import { updateAccountProfileAction } from "./actions";

const FIELDS = ["company", "country", "currency", "vatNumber"] as const;

export interface AccountDetailsValues {
  company: string | null;
  country: string;
  currency: string;
  vatNumber: string | null;
}

/**
 * The owner's form for the account's company, country, VAT number and currency (sign-up's fields and
 * rules). The currency select is offered only while nothing has been billed; otherwise the currency
 * is shown read-only with the reason, and sent unchanged.
 */
export function AccountDetailsForm({
  account,
  countries,
  currencies,
  currencyChangeable,
  currencyLocked,
}: {
  account: AccountDetailsValues;
  countries: { code: string; name: string }[];
  currencies: string[];
  currencyChangeable: boolean;
  /** Why the currency is read-only, shown under it. */
  currencyLocked: string;
}) {
  const [state, formAction] = useActionState<FormActionState, FormData>(updateAccountProfileAction, null);
  const refusal = state && !state.ok ? state : null;
  const errors = refusal?.fieldErrors ?? {};
  const values = refusal?.values ?? { company: account.company ?? "", country: account.country, currency: account.currency, vatNumber: account.vatNumber ?? "" };
  const sentence = refusalSentence(refusal, currencyChangeable ? [...FIELDS] : FIELDS.filter((f) => f !== "currency"));
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusal) ref.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [refusal]);

  return (
    <form ref={ref} action={formAction} noValidate aria-label="Account details" className="space-y-4" key={JSON.stringify(state)}>
      {sentence && <Alert tone="error">{sentence}</Alert>}
      {state?.ok && state.message && <Alert tone="success">{state.message}</Alert>}
      <Field label="Company (optional)" name="company" autoComplete="organization" defaultValue={values.company} error={errors.company} hint="Without one, the account carries your name." />
      <SelectField label="Country" name="country" autoComplete="country" defaultValue={values.country ?? ""} error={errors.country}>
        <option value="">Choose…</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <Field label="VAT number (optional)" name="vatNumber" hint="For businesses in the EU, with its country prefix." defaultValue={values.vatNumber} error={errors.vatNumber} />
      {currencyChangeable ? (
        <SelectField label="Currency" name="currency" defaultValue={values.currency} hint="Prices and invoices are in this currency. It cannot change once you have been billed." error={errors.currency}>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      ) : (
        <div>
          <input type="hidden" name="currency" value={account.currency} />
          <p className="text-sm font-medium text-neutral-800">Currency</p>
          <p className="mt-1 text-sm text-neutral-900">{account.currency}</p>
          <p className="mt-1 text-xs text-neutral-500">{currencyLocked}</p>
        </div>
      )}
      <SubmitButton pendingLabel="Saving…">Save details</SubmitButton>
    </form>
  );
}
