"use server";

import { revalidatePath } from "next/cache";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { changeResellerStatus, type ResellerStatusAction } from "@/lib/resellers/admin/change-reseller-status";
import {
  removeResellerPriceOverride,
  removeResellerProductCap,
  removeResellerProductDiscount,
  setResellerPriceOverride,
  setResellerProductCap,
  setResellerProductDiscount,
} from "@/lib/resellers/admin/set-reseller-pricing";
import { updateResellerTerms } from "@/lib/resellers/admin/update-reseller-terms";
import { requestWebhookSweep } from "@/lib/webhooks/request-webhook-sweep";

const PATH = "/admin/resellers";

async function onReseller(resellerId: string, formData: FormData, fn: (ctx: OperatorContext, v: Record<string, string>) => Promise<unknown>, message: string) {
  const operator = await requireOperator();
  const ctx: OperatorContext = { db: getDb(), now: new Date(), actor: { userId: operator.user.id } };
  return runFormAction(formData, async (v) => {
    await fn(ctx, v);
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${resellerId}`);
    return message;
  });
}

const DONE: Record<ResellerStatusAction, string> = {
  approve: "Approved: the reseller's API keys work from now on.",
  suspend: "Suspended: its API calls answer 401 and webhooks are held. Services keep running.",
  reactivate: "Reactivated: API access is back and held webhooks are being sent.",
  close: "Closed.",
};

export async function changeResellerStatusAction(resellerId: string, action: ResellerStatusAction, _prev: FormActionState, formData: FormData) {
  const state = await onReseller(resellerId, formData, (ctx) => changeResellerStatus(ctx, { resellerId, action }), DONE[action]);
  // Deliveries held while the profile was not active go out on the next sweep; ask for it now.
  if (state.ok && (action === "approve" || action === "reactivate")) await requestWebhookSweep();
  return state;
}
export async function updateResellerTermsAction(resellerId: string, _prev: FormActionState, formData: FormData) {
  return onReseller(resellerId, formData, (ctx, v) => updateResellerTerms(ctx, { resellerId, terms: v }), "Terms saved. New quotes use them.");
}
export async function setOverrideAction(resellerId: string, _prev: FormActionState, formData: FormData) {
  return onReseller(resellerId, formData, (ctx, v) => setResellerPriceOverride(ctx, { resellerId, override: v }), "Override saved.");
}
export async function removeOverrideAction(resellerId: string, _prev: FormActionState, formData: FormData) {
  return onReseller(resellerId, formData, (ctx, v) => removeResellerPriceOverride(ctx, { resellerId, id: v.id ?? "" }), "Override removed.");
}
export async function setDiscountAction(resellerId: string, _prev: FormActionState, formData: FormData) {
  return onReseller(resellerId, formData, (ctx, v) => setResellerProductDiscount(ctx, { resellerId, discount: v }), "Discount saved.");
}
export async function removeDiscountAction(resellerId: string, _prev: FormActionState, formData: FormData) {
  return onReseller(resellerId, formData, (ctx, v) => removeResellerProductDiscount(ctx, { resellerId, id: v.id ?? "" }), "Discount removed.");
}
export async function setCapAction(resellerId: string, _prev: FormActionState, formData: FormData) {
  return onReseller(resellerId, formData, (ctx, v) => setResellerProductCap(ctx, { resellerId, cap: v }), "Cap saved.");
}
export async function removeCapAction(resellerId: string, _prev: FormActionState, formData: FormData) {
  return onReseller(resellerId, formData, (ctx, v) => removeResellerProductCap(ctx, { resellerId, id: v.id ?? "" }), "Cap removed.");
}
