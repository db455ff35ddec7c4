"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { requireOperator } from "@/lib/auth/session";
import { createLocation, updateLocation } from "@/lib/catalogue/admin/save-location";
import { createOption, updateOption } from "@/lib/catalogue/admin/save-option";
import { createOsImage, updateOsImage } from "@/lib/catalogue/admin/save-os-image";
import { getDb } from "@/lib/db/client";

// Options, locations and OS images: create (then back to the list) and edit (stay on the page).

async function create(formData: FormData, list: string, fn: (v: Record<string, string>) => Promise<unknown>): Promise<FormActionState> {
  await requireOperator();
  const state = await runFormAction(formData, async (v) => {
    await fn(v);
  });
  if (!state.ok) return state;
  revalidatePath(list);
  redirect(`${list}?created=1`);
}

async function update(formData: FormData, list: string, page: string, fn: (v: Record<string, string>) => Promise<unknown>): Promise<FormActionState> {
  await requireOperator();
  return runFormAction(formData, async (v) => {
    await fn(v);
    revalidatePath(list);
    revalidatePath(page);
    return "Saved.";
  });
}

export async function createOptionAction(_prev: FormActionState, formData: FormData) {
  return create(formData, "/admin/options", (v) => createOption(getDb(), v));
}
export async function updateOptionAction(id: string, _prev: FormActionState, formData: FormData) {
  return update(formData, "/admin/options", `/admin/options/${id}`, (v) => updateOption(getDb(), id, v));
}
export async function createLocationAction(_prev: FormActionState, formData: FormData) {
  return create(formData, "/admin/locations", (v) => createLocation(getDb(), v));
}
export async function updateLocationAction(id: string, _prev: FormActionState, formData: FormData) {
  return update(formData, "/admin/locations", `/admin/locations/${id}`, (v) => updateLocation(getDb(), id, v));
}
export async function createOsImageAction(_prev: FormActionState, formData: FormData) {
  return create(formData, "/admin/os-images", (v) => createOsImage(getDb(), v));
}
export async function updateOsImageAction(id: string, _prev: FormActionState, formData: FormData) {
  return update(formData, "/admin/os-images", `/admin/os-images/${id}`, (v) => updateOsImage(getDb(), id, v));
}
