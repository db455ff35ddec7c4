"use server";

import { revalidatePath } from "next/cache";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { addExchangeRate, removeExchangeRate } from "@/lib/pricing/admin/add-exchange-rate";
import { addVatRate, removeVatRate } from "@/lib/pricing/admin/add-vat-rate";
import { saveProgrammeSettings } from "@/lib/pricing/admin/save-programme-settings";
import { saveBillingSettings } from "@/lib/billing/admin/save-billing-settings";

const PATH = "/admin/settings";

async function run(formData: FormData, fn: (v: Record<string, string>) => Promise<unknown>, message: string) {
  await requireOperator();
  return runFormAction(formData, async (v) => {
    await fn(v);
    revalidatePath(PATH);
    return message;
  });
}

export async function saveProgrammeAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v) => saveProgrammeSettings(getDb(), v), "Programme settings saved. They apply to the next order.");
}
export async function addExchangeRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v) => addExchangeRate(getDb(), v), "Rate added.");
}
export async function removeExchangeRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v) => removeExchangeRate(getDb(), v.id ?? ""), "Rate removed.");
}
export async function addVatRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v) => addVatRate(getDb(), v), "VAT rate added.");
}
export async function removeVatRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v) => removeVatRate(getDb(), v.id ?? ""), "VAT rate removed.");
}
export async function saveBillingSettingsAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (v) => saveBillingSettings(getDb(), v), "Billing settings saved.");
}
