"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import type { FormActionState } from "@/lib/actions/action-result";
import { fieldError, refusalSentence } from "@/lib/actions/refusal-sentence";
import { CardChoice, type CardOption } from "./card-choice";

type Props = {
  action: (state: FormActionState<unknown>, formData: FormData) => Promise<FormActionState<unknown>>;
  /** Preset amounts as typed values ("25") with their label ("€25.00"). */
  presets: { value: string; label: string }[];
  /** "€5.00 to €1,000.00". */
  limits: string;
  currencySymbol: string;
  cards: CardOption[];
  cardsHref: string;
};

const SHOWN = ["amount", "methodId"] as const;

/** "Add credit": a preset or typed amount, paid by a saved card (3-D Secure redirects to the bank and back). */
export function AddCreditForm({ action, presets, limits, currencySymbol, cards, cardsHref }: Props) {
  const [state, submit] = useActionState(action, null);
  const [amount, setAmount] = useState(state && !state.ok ? (state.values?.amount ?? "") : "");
  if (cards.length === 0) {
    return (
      <p className="text-sm text-neutral-700">
        Add a card first, then come back to add credit.{" "}
        <a href={cardsHref} className="font-medium underline underline-offset-2">
          Add a card
        </a>
      </p>
    );
  }
  const refusal = refusalSentence(state, SHOWN);
  return (
    <form action={submit} aria-label="Add credit" className="space-y-4" noValidate>
      {state?.ok && state.message && <Alert tone="success">{state.message}</Alert>}
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-neutral-900">Amount</legend>
        <div className="flex flex-wrap gap-2">
          {presets.map((p) => (
            <button
              key={p.value}
              type="button"
              aria-pressed={amount === p.value}
              onClick={() => setAmount(p.value)}
              className="rounded-md border border-neutral-300 px-3 py-1.5 text-sm font-medium tabular-nums hover:border-neutral-900 aria-pressed:border-neutral-900 aria-pressed:bg-neutral-900 aria-pressed:text-white"
            >
              {p.label}
            </button>
          ))}
        </div>
      </fieldset>
      <Field
        label={`Amount (${currencySymbol})`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        hint={`Any amount from ${limits}.`}
        error={fieldError(state, "amount")}
        className="max-w-xs"
      />
      <CardChoice cards={cards} error={fieldError(state, "methodId")} />
      <SubmitButton pendingLabel="Charging the card…">Add credit</SubmitButton>
    </form>
  );
}
