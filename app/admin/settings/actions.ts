"use server";

import { revalidatePath } from "next/cache";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { requireOperatorContext } from "@/lib/auth/session";
import type { Db } from "@/lib/db/client";
import { addExchangeRate, removeExchangeRate } from "@/lib/pricing/admin/add-exchange-rate";
import { addVatRate, removeVatRate } from "@/lib/pricing/admin/add-vat-rate";
import { saveProgrammeSettings } from "@/lib/pricing/admin/save-programme-settings";
import { saveBillingSettings } from "@/lib/billing/admin/save-billing-settings";
import { saveInvoiceLegalDetails } from "@/lib/billing/admin/save-invoice-legal-details";
import { saveSignUpSettings } from "@/lib/accounts/sign-up/save-sign-up-settings";

const PATH = "/admin/settings";

async function run(formData: FormData, fn: (ctx: OperatorContext<Db>, v: Record<string, string>) => Promise<unknown>, message: string) {
  const ctx = await requireOperatorContext();
  return runFormAction(formData, async (v) => {
    await fn(ctx, v);
    revalidatePath(PATH);
    return message;
  });
}

export async function saveProgrammeAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (ctx, v) => saveProgrammeSettings(ctx, v), "Programme settings saved. They apply to the next order.");
}
export async function addExchangeRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (ctx, v) => addExchangeRate(ctx, v), "Rate added.");
}
export async function removeExchangeRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (ctx, v) => removeExchangeRate(ctx, { id: v.id ?? "" }), "Rate removed.");
}
export async function addVatRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (ctx, v) => addVatRate(ctx, v), "VAT rate added.");
}
export async function removeVatRateAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (ctx, v) => removeVatRate(ctx, { id: v.id ?? "" }), "VAT rate removed.");
}
export async function saveBillingSettingsAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (ctx, v) => saveBillingSettings(ctx, v), "Billing settings saved.");
}
export async function saveInvoiceLegalDetailsAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (ctx, v) => saveInvoiceLegalDetails(ctx, v), "Legal details saved. Every invoice and proforma shows them from now on.");
}
export async function saveSignUpSettingsAction(_prev: FormActionState, formData: FormData) {
  return run(formData, (ctx, v) => saveSignUpSettings(ctx, v), "Sign-up setting saved.");
}
