"use client";

import { useRouter } from "next/navigation";
import { useActionState, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, SubmitButton } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import type { ActionResult, FormActionState } from "@/lib/actions/action-result";
import { fieldError, refusalSentence } from "@/lib/actions/refusal-sentence";

export type SavedCardRow = { id: string; label: string; isDefault: boolean; expires: string | null; lastUsed: string | null; testMode: boolean };

type Props = {
  cards: SavedCardRow[];
  makeDefault: (methodId: string) => Promise<ActionResult>;
  remove: (methodId: string) => Promise<ActionResult>;
  add: (state: FormActionState<unknown>, formData: FormData) => Promise<FormActionState<unknown>>;
  /** "form": the test gateway takes card details here; "redirect": the gateway's own page does. */
  setup: "form" | "redirect";
  /** What the default card is charged for, in this portal. */
  defaultNote: string;
};

/** The account's saved cards: make one the default, remove one (asked first), add one. */
export function SavedCards({ cards, makeDefault, remove, add, setup, defaultNote }: Props) {
  return (
    <div className="space-y-6">
      {cards.length === 0 ? (
        <EmptyState title="No card saved yet">Add a card below to pay invoices and add credit by card.</EmptyState>
      ) : (
        <ul className="divide-y divide-neutral-100" aria-label="Saved cards">
          {cards.map((card) => (
            <CardRow key={card.id} card={card} makeDefault={makeDefault} remove={remove} />
          ))}
        </ul>
      )}
      <p className="px-5 text-xs text-neutral-500">{defaultNote}</p>
      <div className="border-t border-neutral-100 px-5 pt-5 pb-5">
        <h3 className="mb-3 text-sm font-semibold text-neutral-900">Add a card</h3>
        {setup === "form" ? <TestCardForm add={add} /> : <RedirectCardForm add={add} />}
      </div>
    </div>
  );
}

function CardRow({ card, makeDefault, remove }: { card: SavedCardRow; makeDefault: Props["makeDefault"]; remove: Props["remove"] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [asking, setAsking] = useState(false);
  const run = (fn: () => Promise<ActionResult>) =>
    startTransition(async () => {
      const answer = await fn();
      if (!answer.ok) toast(answer.error, "error");
      else if (answer.message) toast(answer.message);
      setAsking(false);
      router.refresh();
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-3" data-testid="saved-card">
      <div className="min-w-0">
        <p className="font-medium break-words text-neutral-900">
          {card.label} {card.isDefault && <Badge tone="green">Default</Badge>} {card.testMode && <Badge tone="amber">Test card</Badge>}
        </p>
        <p className="text-xs text-neutral-500">
          {card.expires ? `Expires ${card.expires}` : "No expiry on file"} · {card.lastUsed ? `last used ${card.lastUsed}` : "never used"}
        </p>
      </div>
      <div className="flex gap-2">
        {!card.isDefault && (
          <Button variant="secondary" size="sm" pending={pending && !asking} onClick={() => run(() => makeDefault(card.id))}>
            Make default<span className="sr-only"> {card.label}</span>
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
          Remove<span className="sr-only"> {card.label}</span>
        </Button>
      </div>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title={`Remove ${card.label}?`}
        description={card.isDefault ? "It is your default card: the oldest other card becomes the default. Payments already made are not affected." : "Payments already made are not affected."}
      >
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setAsking(false)}>
            Keep the card
          </Button>
          <Button variant="danger" pending={pending} onClick={() => run(() => remove(card.id))}>
            Remove card
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

const TEST_CARDS = [
  ["4242 4242 4242 4242", "succeeds"],
  ["4000 0027 6000 3184", "asks for 3-D Secure (you choose the answer)"],
  ["4000 0000 0000 0002", "is declined"],
  ["4000 0000 0000 9995", "is declined for insufficient funds"],
] as const;

function TestCardForm({ add }: { add: Props["add"] }) {
  const [state, submit] = useActionState(add, null);
  const refusal = refusalSentence(state, ["number", "expiry", "cvc"]);
  return (
    <form action={submit} aria-label="Add a card" className="space-y-4" noValidate>
      {state?.ok && state.message && <Alert tone="success">{state.message}</Alert>}
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <Alert tone="info" title="Test mode: use a test card">
        No real card is ever charged here; real card numbers are refused. Any future expiry and any CVC work.
        <ul className="mt-2 space-y-0.5">
          {TEST_CARDS.map(([number, what]) => (
            <li key={number}>
              <code className="font-mono tabular-nums">{number}</code> {what}
            </li>
          ))}
        </ul>
      </Alert>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <Field label="Card number" name="number" inputMode="numeric" autoComplete="cc-number" error={fieldError(state, "number")} />
        <Field label="Expiry (MM/YY)" name="expiry" autoComplete="cc-exp" placeholder="12/30" defaultValue={state && !state.ok ? state.values?.expiry : undefined} error={fieldError(state, "expiry")} />
        <Field label="CVC" name="cvc" inputMode="numeric" autoComplete="cc-csc" error={fieldError(state, "cvc")} />
      </div>
      <SubmitButton pendingLabel="Saving…">Save card</SubmitButton>
    </form>
  );
}

function RedirectCardForm({ add }: { add: Props["add"] }) {
  const [state, submit] = useActionState(add, null);
  const refusal = refusalSentence(state);
  return (
    <form action={submit} aria-label="Add a card" className="space-y-3">
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <p className="text-sm text-neutral-600">You enter the card on the payment provider&apos;s secure page and come back here; we keep only a reference to it.</p>
      <SubmitButton pendingLabel="Opening…">Add a card</SubmitButton>
    </form>
  );
}
