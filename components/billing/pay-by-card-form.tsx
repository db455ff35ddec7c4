"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import type { FormActionState } from "@/lib/actions/action-result";
import { fieldError, refusalSentence } from "@/lib/actions/refusal-sentence";
import { CardChoice, type CardOption } from "./card-choice";

type Props = {
  action: (state: FormActionState<unknown>, formData: FormData) => Promise<FormActionState<unknown>>;
  type: "invoice" | "proforma";
  documentId: string;
  /** The outstanding amount, formatted. */
  outstanding: string;
  cards: CardOption[];
  cardsHref: string;
};

/** "Pay by card": the whole outstanding amount of a document with a saved card. */
export function PayByCardForm({ action, type, documentId, outstanding, cards, cardsHref }: Props) {
  const [state, submit] = useActionState(action, null);
  if (state?.ok) return <Alert tone="success" title={`The ${type} is paid`}>{state.message}</Alert>;
  if (cards.length === 0) {
    return (
      <p className="text-sm text-neutral-700">
        No card is saved on this account.{" "}
        <a href={cardsHref} className="font-medium underline underline-offset-2">
          Add a card
        </a>{" "}
        to pay by card.
      </p>
    );
  }
  const refusal = refusalSentence(state, ["methodId"]);
  return (
    <form action={submit} aria-label="Pay by card" className="space-y-4" noValidate>
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="documentId" value={documentId} />
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <CardChoice cards={cards} error={fieldError(state, "methodId")} />
      <SubmitButton pendingLabel="Charging the card…">Pay {outstanding} by card</SubmitButton>
    </form>
  );
}
