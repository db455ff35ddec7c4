"use server";

import type { ActionResult, FormActionState } from "@/lib/actions/action-result";
import { requireReseller } from "@/lib/auth/session";
import { addCardBy, makeDefaultCardBy, removeCardBy, topUpBy } from "@/lib/billing/card-payments/portal-card-actions";
import type { PortalPayer } from "@/lib/billing/card-payments/portal-card-forms";
import { getDb } from "@/lib/db/client";

// The reseller portal's card forms: the reseller's account pays (its wholesale credit and cards are
// the account's, whoever of its people acts); the rest is shared with the panel.

async function payer(): Promise<PortalPayer> {
  const viewer = await requireReseller();
  return { db: getDb(), now: new Date(), actor: { accountId: viewer.reseller.accountId, userId: viewer.user.id, isOwner: true }, email: viewer.user.email, base: "/reseller/billing" };
}

export async function topUpAction(_state: FormActionState<unknown>, formData: FormData): Promise<FormActionState<unknown>> {
  return topUpBy(payer, formData);
}
export async function addCardAction(_state: FormActionState<unknown>, formData: FormData): Promise<FormActionState<unknown>> {
  return addCardBy(payer, formData);
}
export async function makeDefaultCardAction(methodId: string): Promise<ActionResult> {
  return makeDefaultCardBy(payer, methodId);
}
export async function removeCardAction(methodId: string): Promise<ActionResult> {
  return removeCardBy(payer, methodId);
}
