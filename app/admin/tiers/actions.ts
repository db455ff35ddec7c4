"use server";

import type { Db } from "@/lib/db/client";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { requireOperatorContext } from "@/lib/auth/session";
import { deleteTier, saveTier } from "@/lib/pricing/admin/save-tier";
import { removeTierOptionPrice, removeTierPrice, setTierOptionPrice, setTierPrice } from "@/lib/pricing/admin/set-tier-price";

const PATH = "/admin/tiers";


export async function createTierAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const ctx = await requireOperatorContext();
  let id = "";
  const state = await runFormAction(formData, async (v) => {
    id = (await saveTier(ctx, { tierId: null, tier: v })).id;
  });
  if (!state.ok) return state;
  revalidatePath(PATH);
  redirect(`${PATH}/${id}`);
}

async function onTier(tierId: string, formData: FormData, fn: (ctx: OperatorContext<Db>, v: Record<string, string>) => Promise<unknown>, message: string) {
  const ctx = await requireOperatorContext();
  return runFormAction(formData, async (v) => {
    await fn(ctx, v);
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${tierId}`);
    return message;
  });
}

export async function updateTierAction(tierId: string, _prev: FormActionState, formData: FormData) {
  return onTier(tierId, formData, (ctx, v) => saveTier(ctx, { tierId, tier: v }), "Tier saved. Resellers on it are quoted with these figures from now on.");
}
export async function deleteTierAction(tierId: string, _prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const state = await onTier(tierId, formData, (ctx) => deleteTier(ctx, { tierId }), "Deleted.");
  if (!state.ok) return state;
  redirect(PATH);
}
export async function setTierPriceAction(tierId: string, _prev: FormActionState, formData: FormData) {
  return onTier(tierId, formData, (ctx, v) => setTierPrice(ctx, { tierId, price: v }), "Price-book entry saved.");
}
export async function removeTierPriceAction(tierId: string, _prev: FormActionState, formData: FormData) {
  return onTier(tierId, formData, (ctx, v) => removeTierPrice(ctx, { tierId, entryId: v.id ?? "" }), "Entry removed.");
}
export async function setTierOptionPriceAction(tierId: string, _prev: FormActionState, formData: FormData) {
  return onTier(tierId, formData, (ctx, v) => setTierOptionPrice(ctx, { tierId, price: v }), "Option price saved.");
}
export async function removeTierOptionPriceAction(tierId: string, _prev: FormActionState, formData: FormData) {
  return onTier(tierId, formData, (ctx, v) => removeTierOptionPrice(ctx, { tierId, entryId: v.id ?? "" }), "Option price removed.");
}
