"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { requireOperatorContext } from "@/lib/auth/session";
import { createLocation, updateLocation } from "@/lib/catalogue/admin/save-location";
import { createOption, updateOption } from "@/lib/catalogue/admin/save-option";
import { createOsImage, updateOsImage } from "@/lib/catalogue/admin/save-os-image";
import type { Db } from "@/lib/db/client";

// Options, locations and OS images: create (then back to the list) and edit (stay on the page).

type Write = (ctx: OperatorContext<Db>, v: Record<string, string>) => Promise<unknown>;

async function create(formData: FormData, list: string, fn: Write): Promise<FormActionState> {
  const ctx = await requireOperatorContext();
  const state = await runFormAction(formData, async (v) => {
    await fn(ctx, v);
  });
  if (!state.ok) return state;
  revalidatePath(list);
  redirect(`${list}?created=1`);
}

async function update(formData: FormData, list: string, page: string, fn: Write): Promise<FormActionState> {
  const ctx = await requireOperatorContext();
  return runFormAction(formData, async (v) => {
    await fn(ctx, v);
    revalidatePath(list);
    revalidatePath(page);
    return "Saved.";
  });
}

export async function createOptionAction(_prev: FormActionState, formData: FormData) {
  return create(formData, "/admin/options", (ctx, v) => createOption(ctx, v));
}
export async function updateOptionAction(id: string, _prev: FormActionState, formData: FormData) {
  return update(formData, "/admin/options", `/admin/options/${id}`, (ctx, v) => updateOption(ctx, { optionId: id, option: v }));
}
export async function createLocationAction(_prev: FormActionState, formData: FormData) {
  return create(formData, "/admin/locations", (ctx, v) => createLocation(ctx, v));
}
export async function updateLocationAction(id: string, _prev: FormActionState, formData: FormData) {
  return update(formData, "/admin/locations", `/admin/locations/${id}`, (ctx, v) => updateLocation(ctx, { locationId: id, location: v }));
}
export async function createOsImageAction(_prev: FormActionState, formData: FormData) {
  return create(formData, "/admin/os-images", (ctx, v) => createOsImage(ctx, v));
}
export async function updateOsImageAction(id: string, _prev: FormActionState, formData: FormData) {
  return update(formData, "/admin/os-images", `/admin/os-images/${id}`, (ctx, v) => updateOsImage(ctx, { osImageId: id, osImage: v }));
}
