"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import { fieldError, refusalSentence } from "@/lib/actions/refusal-sentence";
import { formatMoney } from "@/lib/format/format-money";
import { payInvoiceAction, payProformaAction, type PayFromCreditState } from "./actions";

type Props = {
  type: "invoice" | "proforma";
  documentId: string;
  outstanding: string;
  currency: string;
  /** The viewer's own credit balance and its currency. */
  balance: string;
  balanceCurrency: string;
  /** Whether the balance covers the outstanding amount (compared as decimals on the server). */
  covered: boolean;
  /** The document is open for payment (unpaid). */
  open: boolean;
  /** The viewer may pay (owner, or a member with invoices.pay). */
  allowed: boolean;
};

/** A refusal of the amount shows under the amount field only. */
const AMOUNT_FIELDS = ["amount"] as const;

/**
 * The "Pay from credit" card. Rendered in the same place whether or not the document is still
 * open, so the success message survives the page refreshing into its paid state.
 */
export function PayFromCreditCard(props: Props) {
  const [state, action] = useActionState<PayFromCreditState, FormData>(props.type === "invoice" ? payInvoiceAction : payProformaAction, null);
  const paid = state?.ok ? state.data : null;
  if (!paid && !props.open) return null;
  return (
    <Card>
      <CardHeader
        title="Pay from credit"
        description={`Pay the whole ${props.type} or part of it from your prepaid credit. Services waiting for it start as soon as it is paid.`}
      />
      <CardBody>
        {props.allowed || paid ? (
          <PayFromCreditForm {...props} state={state} action={action} />
        ) : (
          <Alert tone="info">Your role on this account does not include paying invoices. Ask the account owner for the invoices.pay permission.</Alert>
        )}
      </CardBody>
    </Card>
  );
}

/** Pay the whole outstanding amount or a part of it from the viewer's own credit. */
function PayFromCreditForm({
  type,
  documentId,
  outstanding,
  currency,
  balance,
  balanceCurrency,
  covered,
  state,
  action,
}: Props & { state: PayFromCreditState; action: (formData: FormData) => void }) {
  const sent = state && !state.ok ? state.values : undefined;
  const refusal = refusalSentence(state, AMOUNT_FIELDS);
  const [mode, setMode] = useState<"full" | "part">(sent?.mode === "part" ? "part" : "full");

  if (state?.ok) {
    const p = state.data;
    return (
      <Alert tone="success" title={p.settled ? `The ${type} is paid` : `Paid ${formatMoney(p.amount, p.currency)}`}>
        {formatMoney(p.amount, p.currency)} was taken from your credit; your balance is now {formatMoney(p.newBalance, p.currency)}.
        {p.invoice && (
          <>
            {" "}It became invoice{" "}
            <a href={`/billing/invoices/${p.invoice.id}`} className="font-medium underline underline-offset-2">
              {p.invoice.number}
            </a>
            .
          </>
        )}
        {!p.settled && (
          <>
            {" "}
            <a href={`/billing/${type}s/${documentId}`} className="font-medium underline underline-offset-2">
              Pay more
            </a>
          </>
        )}
      </Alert>
    );
  }

  return (
    <form action={action} aria-label="Pay from credit" className="space-y-4" noValidate>
      <input type="hidden" name="documentId" value={documentId} />
      {/* React resets the form after its action: the radios are uncontrolled with their default kept
          on the current choice, so a reset shows what was chosen; the choice itself travels in a
          hidden field, so the action never guesses it. */}
      <input type="hidden" name="mode" value={mode} />
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <p className="text-sm text-neutral-600">
        Your credit balance: <span className="font-medium text-neutral-900 tabular-nums">{formatMoney(balance, balanceCurrency)}</span>
        {!covered && mode === "full" && <span className="block text-amber-800">That is less than the outstanding amount: pay part of it now, or top up first.</span>}
      </p>
      <fieldset className="space-y-2">
        <legend className="sr-only">How much to pay</legend>
        <label className="flex items-center gap-2 text-sm text-neutral-800">
          <input type="radio" name="modeChoice" value="full" defaultChecked={mode === "full"} onChange={() => setMode("full")} className="size-4 accent-neutral-900" />
          The full outstanding amount, {formatMoney(outstanding, currency)}
        </label>
        <label className="flex items-center gap-2 text-sm text-neutral-800">
          <input type="radio" name="modeChoice" value="part" defaultChecked={mode === "part"} onChange={() => setMode("part")} className="size-4 accent-neutral-900" />
          Part of it
        </label>
      </fieldset>
      {mode === "part" && (
        <Field
          label={`Amount (${currency})`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="10.00"
          defaultValue={sent?.amount ?? ""}
          error={fieldError(state, "amount")}
          hint={`Up to ${formatMoney(outstanding, currency)}, with at most 2 decimals.`}
          className="max-w-60"
          autoFocus
        />
      )}
      <SubmitButton pendingLabel="Paying…">{mode === "full" ? `Pay ${formatMoney(outstanding, currency)} from credit` : "Pay from credit"}</SubmitButton>
    </form>
  );
}
