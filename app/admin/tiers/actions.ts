"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { deleteTier, saveTier } from "@/lib/pricing/admin/save-tier";
import { removeTierOptionPrice, removeTierPrice, setTierOptionPrice, setTierPrice } from "@/lib/pricing/admin/set-tier-price";

const PATH = "/admin/tiers";

export async function createTierAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  await requireOperator();
  let id = "";
  const state = await runFormAction(formData, async (v) => {
    id = (await saveTier(getDb(), null, v)).id;
  });
  if (!state.ok) return state;
  revalidatePath(PATH);
  redirect(`${PATH}/${id}`);
}

async function onTier(tierId: string, formData: FormData, fn: (v: Record<string, string>) => Promise<unknown>, message: string) {
  await requireOperator();
  return runFormAction(formData, async (v) => {
    await fn(v);
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${tierId}`);
    return message;
  });
}

export async function updateTierAction(tierId: string, _prev: FormActionState, formData: FormData) {
  return onTier(tierId, formData, (v) => saveTier(getDb(), tierId, v), "Tier saved. Resellers on it are quoted with these figures from now on.");
}
export async function deleteTierAction(tierId: string, _prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const state = await onTier(tierId, formData, () => deleteTier(getDb(), tierId), "Deleted.");
  if (!state.ok) return state;
  redirect(PATH);
}
export async function setTierPriceAction(tierId: string, _prev: FormActionState, formData: FormData) {
  return onTier(tierId, formData, (v) => setTierPrice(getDb(), tierId, v), "Price-book entry saved.");
}
export async function removeTierPriceAction(tierId: string, _prev: FormActionState, formData: FormData) {
  return onTier(tierId, formData, (v) => removeTierPrice(getDb(), tierId, v.id ?? ""), "Entry removed.");
}
export async function setTierOptionPriceAction(tierId: string, _prev: FormActionState, formData: FormData) {
  return onTier(tierId, formData, (v) => setTierOptionPrice(getDb(), tierId, v), "Option price saved.");
}
export async function removeTierOptionPriceAction(tierId: string, _prev: FormActionState, formData: FormData) {
  return onTier(tierId, formData, (v) => removeTierOptionPrice(getDb(), tierId, v.id ?? ""), "Option price removed.");
}
