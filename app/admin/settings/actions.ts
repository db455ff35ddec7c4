"use server";

import { revalidatePath } from "next/cache";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { addExchangeRate, removeExchangeRate } from "@/lib/pricing/admin/add-exchange-rate";
import { addVatRate, removeVatRate } from "@/lib/pricing/admin/add-vat-rate";
import { saveProgrammeSettings } from "@/lib/pricing/admin/save-programme-settings";
import { saveBillingSettings } from "@/lib/billing/admin/save-billing-settings";

const PATH = "/admin/settings";

async function run(formData: FormData, fn: (v: Record<string, string>, ctx: OperatorContext) => Promise<unknown>, message: string) {
  const operator = await requireOperator();
  const ctx: OperatorContext = { db: getDb(), now: new Date(), actor: { userId: operator.user.id } };
  return runFormAction(formData, async (v) => {
    await fn(v, ctx);
    revalidatePath(PATH);
    return message;
  });
}

export async function saveProgrammeAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v, ctx) => saveProgrammeSettings(ctx, v), "Programme settings saved. They apply to the next order.");
}
export async function addExchangeRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v, ctx) => addExchangeRate(ctx, v), "Rate added.");
}
export async function removeExchangeRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v, ctx) => removeExchangeRate(ctx, { id: v.id ?? "" }), "Rate removed.");
}
export async function addVatRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v, ctx) => addVatRate(ctx, v), "VAT rate added.");
}
export async function removeVatRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v, ctx) => removeVatRate(ctx, { id: v.id ?? "" }), "VAT rate removed.");
}
export async function saveBillingSettingsAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v) => saveBillingSettings(getDb(), v), "Billing settings saved.");
}
