import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { removePaymentMethod } from "@/lib/accounts/payment-methods/remove-payment-method";
import { setDefaultPaymentMethod } from "@/lib/accounts/payment-methods/set-default-payment-method";
import { runAction, type ActionResult, type FormActionState } from "@/lib/actions/action-result";
import { addCardFromPortalForm, payDocumentFromForm, topUpFromForm, type PortalPayer } from "./portal-card-forms";

// The bodies of both portals' card actions (app/(panel)/billing/card-actions.ts,
// app/reseller/billing/card-actions.ts): each portal only says who pays. A payment the bank wants
// to confirm redirects the browser to the bank's page; everything else answers an ActionResult.

const valuesOf = (formData: FormData, names: string[]) => Object.fromEntries(names.map((n) => [n, String(formData.get(n) ?? "")]));

/** After a card step: off to the bank's (or provider's) page when it asked for one, else the portal's pages show the change. */
function afterCardStep<T>(p: PortalPayer, outcome: T): Exclude<T, { redirect: string }> {
  if (typeof outcome === "object" && outcome !== null && "redirect" in outcome && typeof outcome.redirect === "string") redirect(outcome.redirect);
  revalidatePath(p.base, "layout");
  return outcome as Exclude<T, { redirect: string }>;
}

export function topUpBy(payer: () => Promise<PortalPayer>, formData: FormData): Promise<FormActionState<unknown>> {
  return runAction(
    async () => {
      const p = await payer();
      return afterCardStep(p, await topUpFromForm(p, formData));
    },
    { log: "[portal] top-up failed", fullStop: true, values: valuesOf(formData, ["amount"]) },
  );
}

export function payDocumentBy(payer: () => Promise<PortalPayer>, formData: FormData): Promise<FormActionState<unknown>> {
  return runAction(
    async () => {
      const p = await payer();
      return afterCardStep(p, await payDocumentFromForm(p, formData));
    },
    { log: "[portal] card payment failed", fullStop: true },
  );
}

export function addCardBy(payer: () => Promise<PortalPayer>, formData: FormData): Promise<FormActionState<unknown>> {
  return runAction(
    async () => {
      const p = await payer();
      return afterCardStep(p, await addCardFromPortalForm(p, formData)).message;
    },
    // Only the expiry is sent back: a refused card's number is typed again.
    { log: "[portal] adding a card failed", fullStop: true, values: valuesOf(formData, ["expiry"]) },
  );
}

export function makeDefaultCardBy(payer: () => Promise<PortalPayer>, methodId: string): Promise<ActionResult> {
  return runAction(
    async () => {
      const p = await payer();
      const method = afterCardStep(p, await setDefaultPaymentMethod({ db: p.db, now: p.now, actor: { accountId: p.actor.accountId } }, { id: methodId }));
      return `${method.label} is now your default card.`;
    },
    { log: "[portal] default card failed", fullStop: true },
  );
}

export function removeCardBy(payer: () => Promise<PortalPayer>, methodId: string): Promise<ActionResult> {
  return runAction(
    async () => {
      const p = await payer();
      const removed = afterCardStep(p, await removePaymentMethod({ db: p.db, now: p.now, actor: { accountId: p.actor.accountId } }, { id: methodId }));
      return `${removed.label} was removed.`;
    },
    { log: "[portal] removing a card failed", fullStop: true },
  );
}
