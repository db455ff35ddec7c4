"use server";

import type { ActionResult, FormActionState } from "@/lib/actions/action-result";
import { requireCustomerFor } from "@/lib/auth/session";
import { addCardBy, makeDefaultCardBy, payDocumentBy, removeCardBy, topUpBy } from "@/lib/billing/card-payments/portal-card-actions";
import type { PortalPayer } from "@/lib/billing/card-payments/portal-card-forms";
import { getDb } from "@/lib/db/client";

// The panel's card forms: who pays (the signed-in member, with the permission each needs); the rest
// is shared with the reseller portal (lib/billing/card-payments/portal-card-actions.ts).

const payer = (access: "invoices:pay" | "cards:manage" | null) => async (): Promise<PortalPayer> => {
  const { viewer, customer } = await requireCustomerFor({ change: true, ...(access ? { may: access } : {}) });
  return { db: getDb(), now: new Date(), actor: { accountId: customer.accountId, userId: viewer.user.id, isOwner: customer.role === "owner" }, email: viewer.user.email, base: "/billing" };
};

export async function topUpAction(_state: FormActionState<unknown>, formData: FormData): Promise<FormActionState<unknown>> {
  return topUpBy(payer(null), formData);
}
export async function payDocumentByCardAction(_state: FormActionState<unknown>, formData: FormData): Promise<FormActionState<unknown>> {
  return payDocumentBy(payer("invoices:pay"), formData);
}
export async function addCardAction(_state: FormActionState<unknown>, formData: FormData): Promise<FormActionState<unknown>> {
  return addCardBy(payer("cards:manage"), formData);
}
export async function makeDefaultCardAction(methodId: string): Promise<ActionResult> {
  return makeDefaultCardBy(payer("cards:manage"), methodId);
}
export async function removeCardAction(methodId: string): Promise<ActionResult> {
  return removeCardBy(payer("cards:manage"), methodId);
}
